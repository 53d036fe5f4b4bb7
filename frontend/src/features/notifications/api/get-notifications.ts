import { TIMINGS, type Notification } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_QUERIES } from './query-keys';

/** GET /api/notifications: the signed-in user's notifications, newest first. */
export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return api.get<Notification[]>('/api/notifications', { signal });
}

export function useNotifications() {
  return useQuery({
    queryKey: NOTIFICATION_QUERIES.list,
    queryFn: ({ signal }) => getNotifications(signal),
    // Polled every 30 s, also while the tab is in the background (docs/product.md, "States and transitions").
    refetchInterval: TIMINGS.notificationPollMs,
    refetchIntervalInBackground: true,
  });
}
