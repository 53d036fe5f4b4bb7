import type { ChangePasswordInput, MessageResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/users/change-password; a wrong current password is an answer, not a lost session. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResult> {
  return api.put('/api/users/change-password', input, { redirectOnUnauthorized: false });
}
