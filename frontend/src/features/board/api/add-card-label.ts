import type { Card } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/cards/{id}/labels {labelId} → the card (idempotent); its event: card.labelAdded. */
export function addCardLabel(cardId: string, labelId: string) {
  return sendChange<Card>('POST', `/api/cards/${cardId}/labels`, { labelId });
}
