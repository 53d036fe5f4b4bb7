/** The settings screens' reads. */
export const SETTINGS_QUERIES = {
  sessions: ['settings', 'sessions'],
  blockedUsers: ['settings', 'blocked-users'],
} as const;
