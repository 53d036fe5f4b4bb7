import type { ChecklistItem } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/checklists/{id}/items {text} → 201 with the item. */
export function createChecklistItem(checklistId: string, text: string): Promise<ChecklistItem> {
  return api.post<ChecklistItem>(`/api/checklists/${checklistId}/items`, { text });
}
