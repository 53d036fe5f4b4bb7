import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { useAdminStats } from '../api/get-admin-stats';
import { ADMIN_QUERIES } from '../api/query-keys';

/**
 * The dashboard counts: read on load, then replaced by every 'admin:stats' the server pushes to the
 * admins room. A changed user count also refreshes the user list and the growth chart.
 */
export function useLiveStats() {
  const queryClient = useQueryClient();
  const query = useAdminStats();
  useSocketEvent('admin:stats', (stats) => {
    if (query.data && query.data.userCount !== stats.userCount) {
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERIES.users });
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERIES.growth });
    }
    queryClient.setQueryData(ADMIN_QUERIES.stats, stats);
  });
  return query;
}
