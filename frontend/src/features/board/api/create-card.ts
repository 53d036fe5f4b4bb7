import type { Card } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/lists/{id}/cards {title} → 201 with the card, placed last. */
export function createCard(listId: string, title: string) {
  return sendChange<Card>('POST', `/api/lists/${listId}/cards`, { title });
}
