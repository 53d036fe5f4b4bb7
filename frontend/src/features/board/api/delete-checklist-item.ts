import { sendChange } from './board-change';

/** DELETE /api/checklists/{id}/items/{itemId}; its event: checklistItem.deleted. */
export function deleteChecklistItem(checklistId: string, itemId: string) {
  return sendChange<{ _id: string }>('DELETE', `/api/checklists/${checklistId}/items/${itemId}`);
}
