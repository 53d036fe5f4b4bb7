import type { BoardDndInput, DndResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

export type CardMoveInput = Extract<BoardDndInput, { type: 'card' }>;

/** PUT /api/boards/{id}/dnd (reading B): one card to index `newPosition` of its destination list. */
export function moveCardRequest(boardId: string, move: Omit<CardMoveInput, 'type'>): Promise<DndResult> {
  return api.put<DndResult>(`/api/boards/${boardId}/dnd`, { type: 'card', ...move } satisfies CardMoveInput);
}
