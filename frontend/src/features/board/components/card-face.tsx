import type { CompactCard } from '@papan/shared';
import { AlignLeft, SquareCheckBig } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardLabels } from '../hooks/use-card-labels';
import { checklistTotals } from '../model/checklist-progress';
import { LabelChip } from './label-chip';

/** What a card shows on the board: labels, title, a description mark and checklist progress. */
export const CardFace = memo(function CardFace({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  const labels = useCardLabels(card.labels);
  const { done, total } = checklistTotals(card.checklists);
  const complete = total > 0 && done === total;
  return (
    <>
      {labels.length > 0 && (
        <span className="mb-2 flex flex-wrap gap-1">
          {labels.map((label) => (
            <LabelChip key={label._id} label={label} />
          ))}
        </span>
      )}
      <span className="block text-sm leading-snug font-medium break-words text-slate-800 dark:text-slate-100">
        {card.title}
      </span>
      {(total > 0 || card.description) && (
        <span className="mt-2 flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
          {card.description && (
            <span title={t('board.card.hasDescription')}>
              <AlignLeft aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('board.card.hasDescription')}</span>
            </span>
          )}
          {total > 0 && (
            <span
              className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 ${complete ? 'bg-emerald-600 text-white' : ''}`}
              title={t('board.card.checklist', { done, total })}
            >
              <SquareCheckBig aria-hidden="true" className="size-3.5" />
              <span aria-hidden="true">
                {done}/{total}
              </span>
              <span className="sr-only">{t('board.card.checklist', { done, total })}</span>
            </span>
          )}
        </span>
      )}
    </>
  );
});
