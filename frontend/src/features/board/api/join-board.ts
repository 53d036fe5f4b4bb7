import type { JoinBoardResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/boards/{id}/join: the Join Board button of the non-member screen. */
export function joinBoard(boardId: string): Promise<JoinBoardResult> {
  return api.post<JoinBoardResult>(`/api/boards/${boardId}/join`);
}
