import type { BoardDndInput, DndResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/boards/{id}/dnd (reading B): the board's lists ordered by these numbers. */
export function reorderListsRequest(boardId: string, listIds: string[]): Promise<DndResult> {
  const body: BoardDndInput = { type: 'lists', lists: listIds.map((_id, position) => ({ _id, position })) };
  return api.put<DndResult>(`/api/boards/${boardId}/dnd`, body);
}
