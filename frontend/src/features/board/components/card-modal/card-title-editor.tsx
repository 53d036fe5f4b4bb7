import { LIMITS, type CompactCard as Card } from '@papan/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateCard } from '../../api/update-card';
import { useBoardStore } from '../../store';

/** The card's title; a click edits it. Enter or leaving saves, Escape cancels; empty or unchanged is ignored. */
export function CardTitleEditor({ card }: { card: Card }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(card.title);
  const finished = useRef(false);

  function start() {
    finished.current = false;
    setValue(card.title);
    setEditing(true);
  }

  async function finish(save: boolean) {
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    const title = value.trim();
    if (!save || !title || title === card.title) return;
    try {
      await useBoardStore.getState().run(() => updateCard(card._id, { title }));
    } catch (error) {
      console.error('Failed to rename the card', error);
    }
  }

  if (!editing)
    return (
      <button
        type="button"
        data-shortcut="title"
        onClick={start}
        title={t('board.modal.editTitle', { title: card.title })}
        className="-mx-1 rounded-md px-1 text-left break-words hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
      >
        {card.title}
      </button>
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
