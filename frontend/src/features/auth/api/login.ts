import type { LoginInput, LoginResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/login; a 401 here is a wrong password, not a lost session. */
export function loginWithPassword(input: LoginInput): Promise<LoginResult> {
  return api.post<LoginResult>('/api/auth/login', input, { redirectOnUnauthorized: false });
}
