import { sendChange } from './board-change';

/** DELETE /api/fields/{id}: the field and its values on every card go (docs/fields.md). */
export function deleteField(fieldId: string) {
  return sendChange<unknown>('DELETE', `/api/fields/${fieldId}`);
}
