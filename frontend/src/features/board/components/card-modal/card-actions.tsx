import { findCard } from '@papan/shared';
import { Copy, LayoutTemplate, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { copyCard } from '../../api/copy-card';
import { deleteCard } from '../../api/delete-card';
import { updateCard } from '../../api/update-card';
import { useBoardStore } from '../../store';
import { showRefusal } from '../refusal-toast';
import { offerUndo } from '../undo-toast';
import { sideButtonClass, sideHeadingClass } from './modal-styles';
import { sendRevised } from '../../../../lib/revision-conflict';

/**
 * ACTIONS: Make template / Not a template (docs/product.md, "Templates"), Copy and Delete (no
 * confirmation: docs/product.md, "Validation"); the modal closes after a copy or a delete.
 */
export function CardActions({ cardId, onDone }: { cardId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const isTemplate = useBoardStore((state) => {
    const found = state.board && findCard(state.board, cardId);
    return !!found && !!found.card.isTemplate;
  });
  const revision = useBoardStore(
    (state) => (state.board && findCard(state.board, cardId)?.card.revision) ?? 1,
  );

  async function toggleTemplate() {
    setBusy(true);
    try {
      const send = (r: number) => updateCard(cardId, { isTemplate: !isTemplate }, r);
      await useBoardStore.getState().run(() => sendRevised(send, revision));
    } catch (error) {
      console.error('Failed to change the card', error);
      const board = useBoardStore.getState().board;
      const listId = board && findCard(board, cardId)?.list._id;
      // A template made a card again in a list at its hard limit is refused (docs/lanes.md).
      if (!(listId && showRefusal(t, error, listId))) toast.error(t('board.modal.templateFailed'));
    } finally {
      setBusy(false);
    }
  }

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
      <button type="button" className={sideButtonClass} disabled={busy} onClick={() => void toggleTemplate()}>
        <LayoutTemplate aria-hidden="true" className="size-4" />
        {t(isTemplate ? 'board.modal.notTemplate' : 'board.modal.makeTemplate')}
      </button>
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
