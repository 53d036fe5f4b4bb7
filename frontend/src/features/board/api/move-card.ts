import type { BoardDndInput, DndResult } from '@papan/shared';
import { sendChange } from './board-change';

export type CardMoveInput = Extract<BoardDndInput, { type: 'card' }>;

/** PUT /api/boards/{id}/dnd (reading B): one card to index `newPosition` of its destination list. */
export function moveCardRequest(boardId: string, move: Omit<CardMoveInput, 'type'>) {
  const body: CardMoveInput = { type: 'card', ...move };
  return sendChange<DndResult>('PUT', `/api/boards/${boardId}/dnd`, body);
}
