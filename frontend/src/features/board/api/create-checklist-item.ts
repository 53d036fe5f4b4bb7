import type { ChecklistItem } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/checklists/{id}/items {text} → 201 with the item. */
export function createChecklistItem(cardId: string, checklistId: string, text: string) {
  return sendChange<ChecklistItem>('POST', `/api/checklists/${checklistId}/items`, { text }, (item) => ({
    type: 'checklistItem.created',
    payload: { ...item, cardId },
  }));
}
