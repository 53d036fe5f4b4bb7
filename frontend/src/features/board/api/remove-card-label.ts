import type { Card } from '@papan/shared';
import { sendChange } from './board-change';

/** DELETE /api/cards/{id}/labels/{labelId} → the card; its event: card.labelRemoved. */
export function removeCardLabel(cardId: string, labelId: string) {
  return sendChange<Card>('DELETE', `/api/cards/${cardId}/labels/${labelId}`);
}
