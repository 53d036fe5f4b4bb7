import type { BoardSummary, CreateBoardInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/boards → 201 with the new board. */
export function createBoard(input: CreateBoardInput): Promise<BoardSummary> {
  return api.post<BoardSummary>('/api/boards', input);
}
