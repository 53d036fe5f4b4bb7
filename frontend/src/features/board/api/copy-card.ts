import type { Card } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/cards/{id}/copy → 201 with the copy, placed right after the original. */
export function copyCard(cardId: string): Promise<Card> {
  return api.post<Card>(`/api/cards/${cardId}/copy`);
}
