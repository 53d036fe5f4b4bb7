import type { LoginResult, TwoFactorSignInInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/2fa: the second factor of a sign-in that answered a challenge; a 401 here is a
 * wrong code or an ended challenge, not a lost session.
 */
export function finishTwoFactor(input: TwoFactorSignInInput): Promise<LoginResult> {
  return api.post<LoginResult>('/api/auth/2fa', input, { redirectOnUnauthorized: false });
}
