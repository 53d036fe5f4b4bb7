import type { AdminHealth } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

const REFRESH_MS = 30_000;

/** GET /api/admin/health, read again every 30 s while the dashboard is open. */
export function getAdminHealth(signal?: AbortSignal): Promise<AdminHealth> {
  return api.get<AdminHealth>('/api/admin/health', { signal });
}

export function useAdminHealth() {
  return useQuery({
    queryKey: ADMIN_QUERIES.health,
    queryFn: ({ signal }) => getAdminHealth(signal),
    refetchInterval: REFRESH_MS,
  });
}
