import type { Card } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/cards/{id}/labels/{labelId} → the card. */
export function removeCardLabel(cardId: string, labelId: string): Promise<Card> {
  return api.delete<Card>(`/api/cards/${cardId}/labels/${labelId}`);
}
