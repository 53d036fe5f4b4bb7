import type { GoogleExchangeInput, SignInAnswer } from '@papan/shared';
import { api } from '../../../lib/api-client';
import { oncePerKey } from '../../../lib/once-per-key';

/**
 * POST /api/auth/oidc/exchange: the one-time code of /auth/callback?provider=oidc for a sign-in
 * (a session, or the two-factor challenge). The browser sends the sign-in's cookie with it.
 */
export function exchangeOidcCode(input: GoogleExchangeInput): Promise<SignInAnswer> {
  return api.post<SignInAnswer>('/api/auth/oidc/exchange', input, { redirectOnUnauthorized: false });
}

export const exchangeOidcCodeOnce = oncePerKey((code) => exchangeOidcCode({ code }));
