import type { MessageResult, ResetPasswordInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/reset-password: sets the password and ends every login session of the account. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResult> {
  return api.post<MessageResult>('/api/auth/reset-password', input, { redirectOnUnauthorized: false });
}
