import { api } from '../../../lib/api-client';

/** DELETE /api/sessions/{id}: that device is logged out. */
export function revokeSession(id: string): Promise<unknown> {
  return api.delete(`/api/sessions/${encodeURIComponent(id)}`);
}
