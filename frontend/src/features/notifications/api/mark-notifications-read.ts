import { api } from '../../../lib/api-client';

/** POST /api/notifications/mark-as-read: every notification of the user becomes read. */
export function markNotificationsRead(): Promise<unknown> {
  return api.post('/api/notifications/mark-as-read');
}
