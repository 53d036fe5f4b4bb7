import type { Card, UpdateCardInput } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/cards/{id} {title?, description?} → the whole updated card. */
export function updateCard(cardId: string, changes: UpdateCardInput): Promise<Card> {
  return api.put<Card>(`/api/cards/${cardId}`, changes);
}
