import type { User } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/auth/me: the signed-in user as the server knows it now (e.g. verified in another tab). */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/auth/me', { signal });
}
