import { findCard } from '@papan/shared';
import { Copy, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { copyCard } from '../../api/copy-card';
import { deleteCard } from '../../api/delete-card';
import { useBoardStore } from '../../store';
import { showRefusal } from '../refusal-toast';
import { offerUndo } from '../undo-toast';
import { sideButtonClass, sideHeadingClass } from './modal-styles';

/**
 * ACTIONS: Copy and Delete (no confirmation: docs/product.md, "Validation"); the modal closes after
 * either.
 */
export function CardActions({ cardId, onDone }: { cardId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  async function run(action: 'copy' | 'delete') {
    setBusy(true);
    try {
      if (action === 'copy') {
        await useBoardStore.getState().run(() => copyCard(cardId));
        onDone();
      } else {
        // The modal closes first; then the card leaves the board.
        const { undoToken } = await useBoardStore.getState().run(async () => {
          const answer = await deleteCard(cardId);
          onDone();
          return answer;
        });
        offerUndo(undoToken);
      }
    } catch (error) {
      console.error(`Failed to ${action} the card`, error);
      const board = useBoardStore.getState().board;
      const listId = board && findCard(board, cardId)?.list._id;
      // A copy into a list at its hard limit is refused, with the reason (docs/lanes.md).
      if (action === 'copy' && listId && showRefusal(t, error, listId)) return setBusy(false);
      toast.error(t(action === 'copy' ? 'board.modal.copyFailed' : 'board.modal.deleteFailed'));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className={sideHeadingClass}>
        {t('board.modal.actions')}
      </h3>
      <button type="button" className={sideButtonClass} disabled={busy} onClick={() => void run('copy')}>
        <Copy aria-hidden="true" className="size-4" />
        {t('board.modal.copy')}
      </button>
      <button type="button" className={sideButtonClass} disabled={busy} onClick={() => void run('delete')}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('board.modal.delete')}
      </button>
    </section>
  );
}
