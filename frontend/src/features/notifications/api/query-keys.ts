/** The bell's read. */
export const NOTIFICATION_QUERIES = { list: ['notifications'] } as const;
