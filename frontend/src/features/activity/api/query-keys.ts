/** The activity feed's read (all its pages under one key). */
export const ACTIVITY_QUERIES = { feed: ['activities'] } as const;
