import { api } from '../../../lib/api-client';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** POST /api/contact (public). */
export function sendContactMessage(input: ContactMessage): Promise<unknown> {
  return api.post('/api/contact', input, { redirectOnUnauthorized: false });
}
