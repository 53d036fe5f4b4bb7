import type { BoardSummary, UpdateBoardInput } from '@papan/shared';
import { sendChange } from './board-change';

/**
 * PUT /api/boards/{id} (owner) against the board's revision (`If-Match`) → the board's summary; here
 * for "Use as template" (docs/product.md, "Templates").
 */
export function updateBoard(boardId: string, changes: UpdateBoardInput, revision: number) {
  return sendChange<BoardSummary>('PUT', `/api/boards/${boardId}`, changes, revision);
}
