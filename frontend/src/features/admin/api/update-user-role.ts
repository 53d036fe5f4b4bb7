import type { Role, User } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/users/{id} {role}: answers the updated user. */
export function updateUserRole(userId: string, role: Role): Promise<User> {
  return api.put<User>(`/api/users/${encodeURIComponent(userId)}`, { role });
}
