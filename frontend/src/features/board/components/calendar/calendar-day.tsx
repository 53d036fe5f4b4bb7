import { useDroppable } from '@dnd-kit/core';
import type { CompactCard, Label } from '@papan/shared';
import { format, type Locale } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { CalendarCard } from './calendar-card';

/** How many cards a day of the month shows before "+N more". */
const MONTH_SHOWN = 3;

interface CalendarDayProps {
  day: Date;
  dayId: string;
  cards: readonly CompactCard[];
  labels: ReadonlyMap<string, Label>;
  locale: Locale;
  isToday: boolean;
  /** A day of the month before or after (month view): shown muted. */
  outside: boolean;
  span: 'month' | 'week';
  onOpenCard: (cardId: string) => void;
  onShowWeek: (day: Date) => void;
}

/** One day of the calendar: a drop target for cards, its date, and the cards due on it. */
export function CalendarDay({
  day,
  dayId,
  cards,
  labels,
  locale,
  isToday,
  outside,
  span,
  onOpenCard,
  onShowWeek,
}: CalendarDayProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: dayId });
  const shown = span === 'month' ? cards.slice(0, MONTH_SHOWN) : cards;
  const hidden = cards.length - shown.length;
  return (
    <li
      ref={setNodeRef}
      data-day={dayId}
      data-over={isOver || undefined}
      className={`flex min-w-0 flex-col gap-1 border-r border-b border-slate-200 p-1.5 dark:border-slate-800 ${span === 'month' ? 'min-h-28' : 'min-h-64'} ${outside ? 'bg-slate-50 dark:bg-slate-950/60' : 'bg-white dark:bg-slate-900'} ${isOver ? 'ring-2 ring-indigo-500 ring-inset' : ''}`}
    >
      <h3 className="flex items-center justify-between text-xs">
        <span className="sr-only">{format(day, 'PPPP', { locale })}</span>
        <span
          aria-hidden="true"
          className={`inline-flex size-6 items-center justify-center rounded-full font-semibold ${isToday ? 'bg-indigo-600 text-white' : outside ? 'text-slate-500 dark:text-slate-400' : 'text-slate-700 dark:text-slate-200'}`}
        >
          {format(day, 'd', { locale })}
        </span>
        {span === 'week' && (
          <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
            {format(day, 'EEE', { locale })}
          </span>
        )}
      </h3>
      {shown.length > 0 && (
        <ul className="flex min-w-0 flex-col gap-1">
          {shown.map((card) => (
            <li key={card._id}>
              <CalendarCard
                card={card}
                label={card.labels[0] ? labels.get(card.labels[0]) : undefined}
                locale={locale}
                onOpen={onOpenCard}
              />
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button
          type="button"
          onClick={() => onShowWeek(day)}
          className="self-start rounded px-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-slate-800"
        >
          {t('board.calendar.more', { count: hidden })}
        </button>
      )}
    </li>
  );
}
