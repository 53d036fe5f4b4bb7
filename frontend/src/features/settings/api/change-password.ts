import { api } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** PUT /api/users/change-password; a wrong current password is an answer, not a lost session. */
export function changePassword(input: ChangePasswordInput): Promise<{ message?: string }> {
  return api.put('/api/users/change-password', input, { redirectOnUnauthorized: false });
}
