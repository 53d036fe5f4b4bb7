import type { CompactCard } from '@papan/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DueBadge } from '../due-badge';
import { changeDue } from './card-due-change';
import { sideHeadingClass } from './modal-styles';

/** The card's due date in the detail, with the tick that marks it complete. */
export function CardDue({ card }: { card: CompactCard }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  if (!card.dueAt) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={sideHeadingClass}>
        {t('board.due.title')}
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <label className="inline-flex cursor-pointer items-center gap-2 text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            checked={card.dueComplete ?? false}
            onChange={(event) => void changeDue(card, { dueComplete: event.target.checked })}
            className="size-4 accent-emerald-600"
          />
          {t('board.due.complete')}
        </label>
        <DueBadge dueAt={card.dueAt} complete={card.dueComplete} t={t} language={i18n.language} />
      </div>
    </section>
  );
}
