import type { BoardSummary, CopyBoardInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/boards/{id}/copy {title, cards} → 201 with the new board: "Create board → From a
 * template" (docs/api.md, "Templates and board copy").
 */
export function copyBoard(boardId: string, input: CopyBoardInput): Promise<BoardSummary> {
  return api.post<BoardSummary>(`/api/boards/${boardId}/copy`, input);
}
