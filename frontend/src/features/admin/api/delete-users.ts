import { api } from '../../../lib/api-client';

/**
 * One user: DELETE /api/users/{id}. Several: one all-or-nothing DELETE with {userIds}, at the
 * /api alias of DELETE /admin/users (only /api reaches the backend through the dev proxy; docs/api.md,
 * "Administrators").
 */
export async function deleteUsers(userIds: string[]): Promise<void> {
  if (userIds.length === 1) await api.delete(`/api/users/${encodeURIComponent(userIds[0])}`);
  else await api.delete('/api/admin/users', { userIds });
}
