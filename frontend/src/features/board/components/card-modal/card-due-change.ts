import type { CompactCard } from '@papan/shared';
import { toast } from 'react-toastify';
import i18n from '../../../../lib/i18n';
import type { DueChange } from '../../model/queued-changes';
import { useBoardStore } from '../../store';

/**
 * Sets the card's due date or its "complete" tick: at once, waiting in the outbox while the
 * connection is away, back with a message if the server refuses.
 */
export async function changeDue(card: CompactCard, change: DueChange): Promise<void> {
  const before: DueChange = { dueAt: card.dueAt ?? null, dueComplete: card.dueComplete ?? false };
  try {
    await useBoardStore
      .getState()
      .queue({ kind: 'card.due', args: { cardId: card._id, change, before } }, card.title);
  } catch (error) {
    console.error('Failed to change the due date', error);
    toast.error(i18n.t('board.due.failed'));
  }
}
