import type { User } from './user.schema';

/** GET /api/auth/providers: the sign-in ways this server offers, and whose popup messages to trust. */
export interface AuthProviders {
  /** True when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; the Google buttons show only then. */
  google: boolean;
  /**
   * `message` events carrying a Google sign-in are accepted from these origins only
   * (docs/product.md, "Validation").
   */
  allowedOrigins: string[];
}

export const GOOGLE_AUTH_SUCCESS = 'GOOGLE_AUTH_SUCCESS';

/** What the Google popup posts to `window.opener` at APP_ORIGIN only (docs/api.md, "Google sign-in"). */
export interface GoogleAuthMessage {
  type: typeof GOOGLE_AUTH_SUCCESS;
  token: string;
  user: User;
}

/** Why a Google sign-in ended on `/login?error=…`; the login page shows a translated message for each. */
export const GOOGLE_AUTH_ERRORS = [
  'google_denied',
  'google_unverified',
  'google_failed',
  /** The instance's registration policy refused to create the account (docs/api.md, "Admin settings"). */
  'google_registration_refused',
] as const;
export type GoogleAuthError = (typeof GOOGLE_AUTH_ERRORS)[number];
