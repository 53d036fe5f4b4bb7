import type { RegisterInput, RegisterResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/register; the answer is not read beyond success (docs/api.md,
 * "POST /api/auth/register").
 */
export function registerAccount(input: RegisterInput): Promise<RegisterResult> {
  return api.post<RegisterResult>('/api/auth/register', input, { redirectOnUnauthorized: false });
}
