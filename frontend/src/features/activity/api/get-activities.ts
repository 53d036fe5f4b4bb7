import type { Activity } from '@papan/shared';
import { api } from '../../../lib/api-client';

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /api/activities: the newest activities on the user's boards; `before` pages further back. */
export function getActivities(before?: string, signal?: AbortSignal): Promise<Activity[]> {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (before) query.set('before', before);
  return api.get<Activity[]>(`/api/activities?${query.toString()}`, { signal });
}
