import type { BoardSummary } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/boards/{id}/unarchive: back among the active boards. */
export function restoreBoard(boardId: string): Promise<BoardSummary> {
  return api.put<BoardSummary>(`/api/boards/${encodeURIComponent(boardId)}/unarchive`);
}
