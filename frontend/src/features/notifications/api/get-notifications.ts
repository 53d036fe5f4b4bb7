import type { Notification } from '@papan/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** GET /api/notifications: the signed-in user's notifications, newest first. */
export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return api.get<Notification[]>('/api/notifications', { signal });
}

export function useNotifications() {
  return useQuery('notifications', getNotifications);
}
