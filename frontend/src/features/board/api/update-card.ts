import type { Card, UpdateCardInput } from '@papan/shared';
import { sendChange } from './board-change';

/**
 * PUT /api/cards/{id} {title?, description?, dueAt?, dueComplete?, …} against the card's revision
 * (`If-Match`: a 412 when it moved on; docs/api.md, "Revisions") → the whole updated card.
 */
export function updateCard(cardId: string, changes: UpdateCardInput, revision: number) {
  return sendChange<Card>('PUT', `/api/cards/${cardId}`, changes, revision);
}
