import type { UserGrowthDay } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

/**
 * GET /api/admin/stats/user-growth: the last 7 days; an empty list when it fails (docs/api.md,
 * "Administrators").
 */
export async function getUserGrowth(signal?: AbortSignal): Promise<UserGrowthDay[]> {
  try {
    return await api.get<UserGrowthDay[]>('/api/admin/stats/user-growth', { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export function useUserGrowth() {
  return useQuery({ queryKey: ADMIN_QUERIES.growth, queryFn: ({ signal }) => getUserGrowth(signal) });
}
