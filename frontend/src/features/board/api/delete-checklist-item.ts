import { sendChange } from './board-change';

/** DELETE /api/checklists/{id}/items/{itemId}. */
export function deleteChecklistItem(cardId: string, checklistId: string, itemId: string) {
  return sendChange<{ _id: string }>(
    'DELETE',
    `/api/checklists/${checklistId}/items/${itemId}`,
    undefined,
    () => ({ type: 'checklistItem.deleted', payload: { _id: itemId, checklistId, cardId } }),
  );
}
