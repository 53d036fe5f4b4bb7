import type { AdminStats } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

/** GET /api/admin/stats: the four counts of the dashboard. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return api.get<AdminStats>('/api/admin/stats', { signal });
}

export function useAdminStats() {
  return useQuery({ queryKey: ADMIN_QUERIES.stats, queryFn: ({ signal }) => getAdminStats(signal) });
}
