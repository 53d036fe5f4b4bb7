/** The auth screens' reads. */
export const AUTH_QUERIES = { providers: ['auth', 'providers'] } as const;
