import type { BoardDndInput, DndResult } from '@papan/shared';
import { sendChange } from './board-change';

/** PUT /api/boards/{id}/dnd (reading B): the board's lists ordered by these numbers. */
export function reorderListsRequest(boardId: string, listIds: string[]) {
  const body: BoardDndInput = { type: 'lists', lists: listIds.map((_id, position) => ({ _id, position })) };
  return sendChange<DndResult>('PUT', `/api/boards/${boardId}/dnd`, body);
}
