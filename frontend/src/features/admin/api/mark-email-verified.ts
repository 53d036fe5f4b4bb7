import type { User } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/admin/users/{id}/verify-email (docs/api.md, "Administrators: verifying an address"):
 * answers the user, now verified.
 */
export function markEmailVerified(userId: string): Promise<User> {
  return api.post<User>(`/api/admin/users/${encodeURIComponent(userId)}/verify-email`);
}
