import type { BoardSummary } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/boards/{id} with the new title. */
export function renameBoard(boardId: string, title: string): Promise<BoardSummary> {
  return api.put<BoardSummary>(`/api/boards/${encodeURIComponent(boardId)}`, { title });
}
