import type { GoogleExchangeInput, SignInAnswer } from '@papan/shared';
import { api } from '../../../lib/api-client';
import { oncePerKey } from '../../../lib/once-per-key';

/**
 * POST /api/auth/google/exchange: the one-time code of /auth/callback for a session. The browser
 * sends the sign-in's state cookie with it (same origin); 400 when the code is bad, used or expired.
 * An account with two-factor sign-in answers its challenge instead of a session.
 */
export function exchangeGoogleCode(input: GoogleExchangeInput): Promise<SignInAnswer> {
  return api.post<SignInAnswer>('/api/auth/google/exchange', input, { redirectOnUnauthorized: false });
}

/** The exchange of one code, asked once however often the page's effect runs. */
export const exchangeGoogleCodeOnce = oncePerKey((code) => exchangeGoogleCode({ code }));
