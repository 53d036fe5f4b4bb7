import { api } from '../../../lib/api-client';

/** DELETE /api/checklists/{id}: the checklist and its items. */
export function deleteChecklist(checklistId: string): Promise<{ message: string; _id: string }> {
  return api.delete(`/api/checklists/${checklistId}`);
}
