import type { Checklist } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/cards/{id}/checklists {title} → 201 with the checklist (no items yet). */
export function createChecklist(cardId: string, title: string): Promise<Checklist> {
  return api.post<Checklist>(`/api/cards/${cardId}/checklists`, { title });
}
