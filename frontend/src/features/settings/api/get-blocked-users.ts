import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import type { BlockedUser } from './types';

/** GET /api/users/blocked. */
export function getBlockedUsers(signal?: AbortSignal): Promise<BlockedUser[]> {
  return api.get<BlockedUser[]>('/api/users/blocked', { signal });
}

export function useBlockedUsers() {
  return useQuery('blocked-users', getBlockedUsers);
}
