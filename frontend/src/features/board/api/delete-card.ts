import { sendChange } from './board-change';

/** DELETE /api/cards/{id}: the card is archived and leaves the board. */
export function deleteCard(cardId: string, listId: string) {
  return sendChange<{ message: string; _id: string }>('DELETE', `/api/cards/${cardId}`, undefined, () => ({
    type: 'card.deleted',
    payload: { _id: cardId, listId },
  }));
}
