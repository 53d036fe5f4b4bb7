import type { Undoable } from '@papan/shared';
import { sendChange } from './board-change';

/** DELETE /api/cards/{id}: the card is archived and leaves the board; `undoToken` brings it back. */
export function deleteCard(cardId: string) {
  return sendChange<Undoable<{ message: string; _id: string }>>('DELETE', `/api/cards/${cardId}`);
}
