import type { ForgotPasswordInput, MessageResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: 202 with the same body whether or not the address has an account. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageResult> {
  return api.post<MessageResult>('/api/auth/forgot-password', input, { redirectOnUnauthorized: false });
}
