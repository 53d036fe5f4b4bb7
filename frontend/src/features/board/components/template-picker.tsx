import type { CompactCard } from '@papan/shared';
import { LayoutTemplate } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoardStore } from '../store';

/** The board's template cards, in board order (docs/product.md, "Templates"). */
function useTemplateCards(): CompactCard[] {
  const lists = useBoardStore((state) => state.board?.lists);
  return (lists ?? []).flatMap((list) => list.cards.filter((card) => card.isTemplate));
}

/**
 * The add-card composer's "From a template": a button that shows the board's template cards; picking
 * one adds a card made of it.
 */
export function TemplatePicker({ busy, onPick }: { busy: boolean; onPick: (templateId: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const templates = useTemplateCards();
  const listId = useId();
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 self-start rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <LayoutTemplate aria-hidden="true" className="size-4" />
        {t('board.addCard.fromTemplate')}
      </button>
      {open && (
        <div id={listId}>
          {templates.length ? (
            <ul aria-label={t('board.addCard.templates')} className="flex flex-col gap-1">
              {templates.map((card) => (
                <li key={card._id}>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onPick(card._id)}
                    className="w-full truncate rounded-lg border border-dashed border-indigo-400 bg-white px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-indigo-400/60 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-indigo-500/15"
                  >
                    {card.title}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-2 text-xs text-slate-600 dark:text-slate-400">
              {t('board.addCard.noTemplates')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
