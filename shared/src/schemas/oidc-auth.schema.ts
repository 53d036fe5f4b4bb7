/**
 * Why a single sign-on ended on `/login?error=…` (docs/api.md, "Single sign-on"); the login page
 * shows a translated message for each. `oidc_link_pending` is no failure: the account with that
 * address is linked once its owner signs in with their password in this browser.
 */
export const OIDC_AUTH_ERRORS = [
  'oidc_denied',
  'oidc_failed',
  'oidc_no_email',
  'oidc_email_taken',
  'oidc_registration_refused',
  'oidc_link_pending',
] as const;
export type OidcAuthError = (typeof OIDC_AUTH_ERRORS)[number];
