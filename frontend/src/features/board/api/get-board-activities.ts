import type { Activity } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/boards/{id}/activities: newest first. */
export function getBoardActivities(boardId: string, signal?: AbortSignal): Promise<Activity[]> {
  return api.get<Activity[]>(`/api/boards/${boardId}/activities`, { signal });
}
