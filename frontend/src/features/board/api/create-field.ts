import type { BoardField, CreateFieldInput } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/boards/{id}/fields {name, type, options?, showOnCard?} → 201 with the field (docs/fields.md). */
export function createField(boardId: string, input: CreateFieldInput) {
  return sendChange<BoardField>('POST', `/api/boards/${boardId}/fields`, input);
}
