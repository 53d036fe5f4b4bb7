import { api } from '../../../lib/api-client';

/** PUT /api/boards/{id}/toggle-pin; pinning is per user. */
export function togglePin(boardId: string): Promise<{ _id: string; isPinned: boolean }> {
  return api.put(`/api/boards/${encodeURIComponent(boardId)}/toggle-pin`);
}
