/** The settings screens' reads. */
export const SETTINGS_QUERIES = {
  sessions: ['settings', 'sessions'],
  blockedUsers: ['settings', 'blocked-users'],
  apiTokens: ['settings', 'api-tokens'],
  tokenBoards: ['settings', 'api-tokens', 'boards'],
  account: ['settings', 'account'],
} as const;
