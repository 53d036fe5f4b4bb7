import { findCard } from '@papan/shared';
import { toast } from 'react-toastify';
import i18n from '../../../../lib/i18n';
import { useBoardStore } from '../../store';

/**
 * Puts someone on a card or takes them off: at once, waiting in the outbox while the connection is
 * away, back with a message if the server refuses.
 */
export async function setCardMember(cardId: string, userId: string, on: boolean): Promise<void> {
  const store = useBoardStore.getState();
  const title = (store.board && findCard(store.board, cardId)?.card.title) ?? '';
  try {
    await store.queue({ kind: 'card.member', args: { cardId, userId, on } }, title);
  } catch (error) {
    console.error('Failed to change the card members', error);
    toast.error(i18n.t('board.cardMembers.failed'));
  }
}
