import type { RegisterResult, RegisterWithInviteInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/register; the answer is not read beyond success (docs/api.md,
 * "POST /api/auth/register"). `inviteToken`: from an administrator's invitation link.
 */
export function registerAccount(input: RegisterWithInviteInput): Promise<RegisterResult> {
  return api.post<RegisterResult>('/api/auth/register', input, { redirectOnUnauthorized: false });
}
