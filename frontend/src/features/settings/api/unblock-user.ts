import { api } from '../../../lib/api-client';

/** POST /api/users/unblock. */
export function unblockUser(userIdToUnblock: string): Promise<unknown> {
  return api.post('/api/users/unblock', { userIdToUnblock });
}
