import type { Card } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/lists/{id}/cards {title} → 201 with the card, placed last. */
export function createCard(listId: string, title: string): Promise<Card> {
  return api.post<Card>(`/api/lists/${listId}/cards`, { title });
}
