import type { CreateLabelInput, Label } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/boards/{id}/labels {name, color} → 201 with the label (409 past 10 custom labels). */
export function createLabel(boardId: string, input: CreateLabelInput): Promise<Label> {
  return api.post<Label>(`/api/boards/${boardId}/labels`, input);
}
