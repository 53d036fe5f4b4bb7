import { LIMITS, type Card as FullCard, type CompactCard as Card } from '@papan/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { updateCard } from '../../api/update-card';
import { useTextConflict } from '../../hooks/use-text-conflict';
import { useTitleEdit } from '../../hooks/use-title-edit';
import { useBoardStore } from '../../store';
import { EditConflictDialog } from './edit-conflict-dialog';

/**
 * The card's title; a click edits it. Enter or leaving saves, Escape cancels; empty or unchanged is
 * ignored. Saved against the title and revision it started from: renamed by someone else meanwhile,
 * the person chooses (docs/product.md, "When two people edit the same text").
 */
export function CardTitleEditor({ card }: { card: Card }) {
  const { t } = useTranslation();
  const base = useRef({ text: card.title, revision: card.revision });
  const edit = useTextConflict<FullCard>({
    objectId: card._id,
    textOf: (current) => current.title,
    send: (title, revision) =>
      useBoardStore.getState().run(() => updateCard(card._id, { title: title.trim() }, revision)),
  });
  const { editing, value, setValue, start, finish } = useTitleEdit(card.title, async (title) => {
    try {
      await edit.save(title, base.current.text, base.current.revision);
    } catch (error) {
      console.error('Failed to rename the card', error);
    }
  });

  function begin() {
    base.current = { text: card.title, revision: card.revision };
    start();
  }

  const dialog = edit.conflict && (
    <EditConflictDialog
      conflict={edit.conflict}
      busy={edit.busy}
      onChoose={(choice) =>
        void edit.choose(choice).catch((error: unknown) => console.error('Failed to rename the card', error))
      }
      onClose={edit.dismiss}
    />
  );

  if (!editing)
    return (
      <>
        <button
          type="button"
          data-shortcut="title"
          onClick={begin}
          title={t('board.modal.editTitle', { title: card.title })}
          className="-mx-1 rounded-md px-1 text-left break-words hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
        >
          {card.title}
        </button>
        {dialog}
      </>
    );
  return (
    <input
      aria-label={t('board.modal.titleLabel')}
      autoFocus
      maxLength={LIMITS.title}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void finish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void finish(true);
        } else if (event.key === 'Escape') {
          event.stopPropagation();
          void finish(false);
        }
      }}
      className="w-full rounded-md border border-indigo-400 bg-white px-1 text-lg font-semibold focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:bg-slate-950"
    />
  );
}
