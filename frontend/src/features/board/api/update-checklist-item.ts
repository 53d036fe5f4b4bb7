import type { ChecklistItem, UpdateChecklistItemInput } from '@papan/shared';
import { sendChange } from './board-change';

/** PUT /api/checklists/{id}/items/{itemId} {isCompleted?, text?} against the item's revision → the item. */
export function updateChecklistItem(
  checklistId: string,
  itemId: string,
  changes: UpdateChecklistItemInput,
  revision: number,
) {
  return sendChange<ChecklistItem>(
    'PUT',
    `/api/checklists/${checklistId}/items/${itemId}`,
    changes,
    revision,
  );
}
