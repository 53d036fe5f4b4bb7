import type { BoardField, UpdateFieldInput } from '@papan/shared';
import { sendChange } from './board-change';

/** PATCH /api/fields/{id} {name?, options?, showOnCard?, position?} → the field (options replace the list). */
export function updateField(fieldId: string, changes: UpdateFieldInput) {
  return sendChange<BoardField>('PATCH', `/api/fields/${fieldId}`, changes);
}
