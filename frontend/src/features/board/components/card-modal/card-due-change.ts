import { type CompactCard, findCard } from '@papan/shared';
import { toast } from 'react-toastify';
import i18n from '../../../../lib/i18n';
import { updateCard } from '../../api/update-card';
import { type Recipe, useBoardStore } from '../../store';

type DueChange = { dueAt?: string | null; dueComplete?: boolean };

/** Shows a due-date change on the card at once (the compact card keeps only what is set). */
const show =
  (cardId: string, change: DueChange): Recipe =>
  (board) => {
    const card = findCard(board, cardId)?.card;
    if (!card) return;
    if (change.dueAt !== undefined) {
      if (change.dueAt) card.dueAt = change.dueAt;
      else delete card.dueAt;
    }
    if (change.dueComplete !== undefined) {
      if (change.dueComplete) card.dueComplete = true;
      else delete card.dueComplete;
    }
  };

/** Sets the card's due date or its "complete" tick: at once, back on failure with a message. */
export async function changeDue(card: CompactCard, change: DueChange): Promise<void> {
  const before: DueChange = { dueAt: card.dueAt ?? null, dueComplete: card.dueComplete ?? false };
  try {
    await useBoardStore.getState().run(() => updateCard(card._id, change), {
      apply: show(card._id, change),
      undo: show(card._id, before),
    });
  } catch (error) {
    console.error('Failed to change the due date', error);
    toast.error(i18n.t('board.due.failed'));
  }
}
