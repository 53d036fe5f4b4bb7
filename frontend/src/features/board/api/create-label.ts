import type { CreateLabelInput, Label } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/boards/{id}/labels {name, color} → 201 with the label (409 past 10 custom labels). */
export function createLabel(boardId: string, input: CreateLabelInput) {
  return sendChange<Label>('POST', `/api/boards/${boardId}/labels`, input);
}
