import type { BlockedUser } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERIES } from './query-keys';

/** GET /api/users/blocked. */
export function getBlockedUsers(signal?: AbortSignal): Promise<BlockedUser[]> {
  return api.get<BlockedUser[]>('/api/users/blocked', { signal });
}

export function useBlockedUsers() {
  return useQuery({
    queryKey: SETTINGS_QUERIES.blockedUsers,
    queryFn: ({ signal }) => getBlockedUsers(signal),
  });
}
