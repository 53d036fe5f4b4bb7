import type { Undoable } from '@papan/shared';
import { sendChange } from './board-change';

/** DELETE /api/checklists/{id}: the checklist and its items. */
export function deleteChecklist(checklistId: string) {
  return sendChange<Undoable<{ message: string; _id: string }>>('DELETE', `/api/checklists/${checklistId}`);
}
