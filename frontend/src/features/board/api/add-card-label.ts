import type { Card, Label } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/cards/{id}/labels {labelId} → the card (idempotent); its event: card.labelAdded. */
export function addCardLabel(cardId: string, label: Label) {
  return sendChange<Card>('POST', `/api/cards/${cardId}/labels`, { labelId: label._id }, () => ({
    type: 'card.labelAdded',
    payload: { cardId, label },
  }));
}
