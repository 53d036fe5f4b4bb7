import type { Checklist } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/cards/{id}/checklists {title} → 201 with the checklist (no items yet). */
export function createChecklist(cardId: string, title: string) {
  return sendChange<Checklist>('POST', `/api/cards/${cardId}/checklists`, { title });
}
