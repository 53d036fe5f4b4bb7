import type { BoardSummary } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/boards/{id}/archive: the board leaves the active lists for Archived. */
export function archiveBoard(boardId: string): Promise<BoardSummary> {
  return api.put<BoardSummary>(`/api/boards/${encodeURIComponent(boardId)}/archive`);
}
