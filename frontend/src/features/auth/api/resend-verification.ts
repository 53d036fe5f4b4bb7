import type { MessageResult, ResendVerificationInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/resend-verification (signed in): 409 when already verified, 429 when asked too often. */
export function resendVerification(input: ResendVerificationInput): Promise<MessageResult> {
  return api.post<MessageResult>('/api/auth/resend-verification', input);
}
