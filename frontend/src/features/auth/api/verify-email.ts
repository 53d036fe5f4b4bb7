import type { VerifyEmailInput, VerifyEmailResult } from '@papan/shared';
import { api } from '../../../lib/api-client';
import { oncePerKey } from '../../../lib/once-per-key';

/** POST /api/auth/verify-email: single use; 400 when the link is invalid, used or expired. */
export function verifyEmail(input: VerifyEmailInput): Promise<VerifyEmailResult> {
  return api.post<VerifyEmailResult>('/api/auth/verify-email', input, { redirectOnUnauthorized: false });
}

/** The verification of one link, asked once however often the page's effect runs. */
export const verifyEmailOnce = oncePerKey((token) => verifyEmail({ token }));
