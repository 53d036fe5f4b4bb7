import type { Card, UpdateCardInput } from '@papan/shared';
import { sendChange } from './board-change';

/** PUT /api/cards/{id} {title?, description?, dueAt?, dueComplete?} → the whole updated card. */
export function updateCard(cardId: string, changes: UpdateCardInput) {
  return sendChange<Card>('PUT', `/api/cards/${cardId}`, changes);
}
