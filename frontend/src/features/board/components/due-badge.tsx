import { format, isSameYear } from 'date-fns';
import { Clock } from 'lucide-react';
import type { TFunction } from 'i18next';
import { dateLocale, formatDueDate } from '../../../lib/dates';
import { dueStatus, type DueStatus } from '../model/due-status';

/** Solid colours, readable in both themes: white on red and green, near-black on amber. */
const tones: Record<DueStatus, string> = {
  complete: 'bg-emerald-700 text-white',
  overdue: 'bg-red-700 text-white',
  soon: 'bg-amber-300 text-slate-900',
  later: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100',
};

interface DueBadgeProps {
  dueAt: string;
  complete?: boolean;
  /** The caller's translator (a card face takes the board's, not a hook of its own). */
  t: TFunction;
  language: string;
}

/** A card's due date: short on the face ("Nov 24"), whole for screen readers and the tooltip. */
export function DueBadge({ dueAt, complete, t, language }: DueBadgeProps) {
  const status = dueStatus(dueAt, complete);
  const date = new Date(dueAt);
  const short = format(date, isSameYear(date, new Date()) ? 'MMM d' : 'MMM d, yyyy', {
    locale: dateLocale(language),
  });
  const whole = t('board.due.badge', {
    status: t(`board.due.status.${status}`),
    date: formatDueDate(dueAt, language),
  });
  return (
    <span
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-medium ${tones[status]}`}
      title={whole}
      data-due-status={status}
    >
      <Clock aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{whole}</span>
    </span>
  );
}
