import type { ChecklistItem, UpdateChecklistItemInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/checklists/{id}/items/{itemId} {isCompleted?, text?} → the item. */
export function updateChecklistItem(
  checklistId: string,
  itemId: string,
  changes: UpdateChecklistItemInput,
): Promise<ChecklistItem> {
  return api.put<ChecklistItem>(`/api/checklists/${checklistId}/items/${itemId}`, changes);
}
