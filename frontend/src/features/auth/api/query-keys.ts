/** The auth screens' reads. */
export const AUTH_QUERIES = {
  providers: ['auth', 'providers'],
  singleSignOn: ['auth', 'single-sign-on'],
} as const;
