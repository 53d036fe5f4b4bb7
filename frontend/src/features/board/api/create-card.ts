import type { Card } from '@papan/shared';
import { sendChange } from './board-change';

/**
 * POST /api/lists/{id}/cards {title, laneId?} → 201 with the card, placed last; in the lane when one
 * is given (docs/lanes.md).
 */
export function createCard(listId: string, title: string, laneId: string | null = null) {
  return sendChange<Card>('POST', `/api/lists/${listId}/cards`, laneId ? { title, laneId } : { title });
}

/**
 * POST /api/lists/{id}/cards {templateId, laneId?} → 201 with a card made of a template card of the
 * board: its title, description, labels, checklists and members (docs/api.md, "Templates and board copy").
 */
export function createCardFromTemplate(listId: string, templateId: string, laneId: string | null = null) {
  return sendChange<Card>(
    'POST',
    `/api/lists/${listId}/cards`,
    laneId ? { templateId, laneId } : { templateId },
  );
}
