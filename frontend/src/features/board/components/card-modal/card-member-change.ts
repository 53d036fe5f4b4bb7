import { findCard } from '@papan/shared';
import { toast } from 'react-toastify';
import i18n from '../../../../lib/i18n';
import { addCardMember } from '../../api/add-card-member';
import { removeCardMember } from '../../api/remove-card-member';
import { type Recipe, useBoardStore } from '../../store';

/** Puts a board member on the card (or takes them off) on screen. */
const show =
  (cardId: string, userId: string, on: boolean): Recipe =>
  (board) => {
    const card = findCard(board, cardId)?.card;
    if (!card) return;
    const rest = (card.memberIds ?? []).filter((id) => id !== userId);
    card.memberIds = on ? [...rest, userId] : rest;
  };

/** Puts someone on a card or takes them off: at once, back with a message on failure. */
export async function setCardMember(cardId: string, userId: string, on: boolean): Promise<void> {
  try {
    await useBoardStore
      .getState()
      .run(() => (on ? addCardMember(cardId, userId) : removeCardMember(cardId, userId)), {
        apply: show(cardId, userId, on),
        undo: show(cardId, userId, !on),
      });
  } catch (error) {
    console.error('Failed to change the card members', error);
    toast.error(i18n.t('board.cardMembers.failed'));
  }
}
