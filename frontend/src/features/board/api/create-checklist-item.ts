import type { ChecklistItem } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/checklists/{id}/items {text} → 201 with the item; its event: checklistItem.created. */
export function createChecklistItem(checklistId: string, text: string) {
  return sendChange<ChecklistItem>('POST', `/api/checklists/${checklistId}/items`, { text });
}
