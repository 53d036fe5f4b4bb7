import { useSocketEvent } from '../../../lib/use-socket-event';
import { invalidateQuery } from '../../../lib/use-query';
import { useAdminStats } from '../api/get-admin-stats';
import { ADMIN_QUERIES } from '../api/query-keys';

/**
 * The dashboard counts: read on load, then replaced by every 'admin:stats' the server pushes to the
 * admins room. A changed user count also refreshes the user list and the growth chart.
 */
export function useLiveStats() {
  const query = useAdminStats();
  useSocketEvent('admin:stats', (stats) => {
    if (query.data && query.data.userCount !== stats.userCount) {
      invalidateQuery(ADMIN_QUERIES.users);
      invalidateQuery(ADMIN_QUERIES.growth);
    }
    query.setData(() => stats);
  });
  return query;
}
