import type { LoginInput, SignInAnswer } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/login; a 401 here is a wrong password, not a lost session. An account with
 * two-factor sign-in answers its challenge instead of a session.
 */
export function loginWithPassword(input: LoginInput): Promise<SignInAnswer> {
  return api.post<SignInAnswer>('/api/auth/login', input, { redirectOnUnauthorized: false });
}
