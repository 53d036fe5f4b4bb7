import type { ContactInput, MessageResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/contact (public). */
export function sendContactMessage(input: ContactInput): Promise<MessageResult> {
  return api.post('/api/contact', input, { redirectOnUnauthorized: false });
}
