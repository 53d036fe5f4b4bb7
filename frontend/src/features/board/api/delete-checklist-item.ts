import { api } from '../../../lib/api-client';

/** DELETE /api/checklists/{id}/items/{itemId}. */
export function deleteChecklistItem(checklistId: string, itemId: string): Promise<{ _id: string }> {
  return api.delete(`/api/checklists/${checklistId}/items/${itemId}`);
}
