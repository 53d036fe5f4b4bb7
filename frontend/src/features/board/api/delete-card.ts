import { api } from '../../../lib/api-client';

/** DELETE /api/cards/{id}: the card is archived and leaves the board. */
export function deleteCard(cardId: string): Promise<{ message: string; _id: string }> {
  return api.delete(`/api/cards/${cardId}`);
}
