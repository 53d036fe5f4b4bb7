import type { Card } from '@papan/shared';
import { sendChange } from './board-change';

/** DELETE /api/cards/{id}/members/{userId} → the card; its event: card.memberRemoved. */
export function removeCardMember(cardId: string, userId: string) {
  return sendChange<Card>('DELETE', `/api/cards/${cardId}/members/${userId}`);
}
