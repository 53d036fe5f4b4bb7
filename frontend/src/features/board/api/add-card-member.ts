import type { Card } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/cards/{id}/members {userId} → the card; its event: card.memberAdded. */
export function addCardMember(cardId: string, userId: string) {
  return sendChange<Card>('POST', `/api/cards/${cardId}/members`, { userId });
}
