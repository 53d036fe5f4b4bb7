import type { Card } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/cards/{id}/labels {labelId} → the card (idempotent). */
export function addCardLabel(cardId: string, labelId: string): Promise<Card> {
  return api.post<Card>(`/api/cards/${cardId}/labels`, { labelId });
}
