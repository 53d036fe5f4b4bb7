import type { User } from './user.schema';

/** GET /api/auth/providers: the sign-in ways this server offers, and whose popup messages to trust. */
export interface AuthProviders {
  /** True when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; the Google buttons show only then. */
  google: boolean;
  /** SPEC §5, §9: `message` events carrying a Google sign-in are accepted from these origins only. */
  allowedOrigins: string[];
}

export const GOOGLE_AUTH_SUCCESS = 'GOOGLE_AUTH_SUCCESS';

/** What the Google popup posts to `window.opener` (SPEC §7), at APP_ORIGIN only. */
export interface GoogleAuthMessage {
  type: typeof GOOGLE_AUTH_SUCCESS;
  token: string;
  user: User;
}

/** Why a Google sign-in ended on `/login?error=…`; the login page shows a translated message for each. */
export const GOOGLE_AUTH_ERRORS = ['google_denied', 'google_unverified', 'google_failed'] as const;
export type GoogleAuthError = (typeof GOOGLE_AUTH_ERRORS)[number];
