import { DndContext, DragOverlay } from '@dnd-kit/core';
import { findCard, type BoardField, type CompactList, type Label } from '@papan/shared';
import { format, isSameMonth, isToday } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { dateLocale } from '../../../../lib/dates';
import { useCardFilter } from '../../hooks/use-card-filter';
import {
  calendarDays,
  cardsByDay,
  dayKey,
  shiftAnchor,
  weekdayNames,
  weekStartOf,
  type CalendarSpan,
} from '../../model/calendar-days';
import { cardMatcher, isFiltering } from '../../model/card-filter';
import { useBoardStore } from '../../store';
import { CalendarCard } from './calendar-card';
import { CalendarDay } from './calendar-day';
import { useCalendarDnd } from './use-calendar-dnd';

const NO_LISTS: CompactList[] = [];
const NO_FIELDS: BoardField[] = [];
const NO_LABELS: Label[] = [];

const toggleClass = (on: boolean) =>
  `h-8 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 ${
    on
      ? 'bg-indigo-600 text-white'
      : 'bg-white text-slate-700 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/**
 * /board/:boardId/calendar (docs/fields.md, "Views"): the month or week of the board's due dates,
 * each card on the local day it is due, weeks starting on the language's first day; the board's
 * filter applies. Dragging a card to another day moves its due date there at the same time.
 */
export function CalendarView({ onOpenCard }: { onOpenCard: (cardId: string) => void }) {
  const { t, i18n } = useTranslation();
  const lists = useBoardStore((state) => state.board?.lists ?? NO_LISTS);
  const fields = useBoardStore((state) => state.board?.fields ?? NO_FIELDS);
  const boardLabels = useBoardStore((state) => state.board?.labels ?? NO_LABELS);
  const { filter } = useCardFilter();
  const [span, setSpan] = useState<CalendarSpan>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const locale = dateLocale(i18n.language);
  const weekStartsOn = weekStartOf(locale);
  const { sensors, accessibility, handlers, activeId } = useCalendarDnd(locale);

  const days = useMemo(() => calendarDays(anchor, span, weekStartsOn), [anchor, span, weekStartsOn]);
  const labels = useMemo(() => new Map(boardLabels.map((label) => [label._id, label])), [boardLabels]);
  const { byDay, undated } = useMemo(() => {
    const keep = isFiltering(filter) ? cardMatcher(filter, fields) : () => true;
    const cards = lists.flatMap((list) => list.cards).filter(keep);
    return { byDay: cardsByDay(cards), undated: cards.filter((card) => !card.dueAt).length };
  }, [lists, fields, filter]);
  const activeCard = useBoardStore((state) =>
    activeId && state.board ? findCard(state.board, activeId)?.card : undefined,
  );

  const title =
    span === 'month'
      ? format(anchor, 'LLLL yyyy', { locale })
      : `${format(days[0]!, 'PP', { locale })} – ${format(days[6]!, 'PP', { locale })}`;
  const names = weekdayNames(locale, weekStartsOn, 'short');
  const longNames = weekdayNames(locale, weekStartsOn, 'long');

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => setAnchor(new Date())}>
          {t('board.calendar.today')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setAnchor((at) => shiftAnchor(at, span, -1))}
          aria-label={t(`board.calendar.previous.${span}`)}
          title={t(`board.calendar.previous.${span}`)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setAnchor((at) => shiftAnchor(at, span, 1))}
          aria-label={t(`board.calendar.next.${span}`)}
          title={t(`board.calendar.next.${span}`)}
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
        <h2 className="text-lg font-semibold capitalize" aria-live="polite">
          {title}
        </h2>
        <div
          role="group"
          aria-label={t('board.calendar.span')}
          className="ml-auto flex overflow-hidden rounded-lg border border-slate-300 dark:border-slate-700"
        >
          {(['month', 'week'] as const).map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={span === each}
              onClick={() => setSpan(each)}
              className={toggleClass(span === each)}
            >
              {t(`board.calendar.${each}`)}
            </button>
          ))}
        </div>
        {undated > 0 && (
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {t('board.calendar.noDue', { count: undated })}
          </span>
        )}
      </div>
      <DndContext sensors={sensors} accessibility={accessibility} {...handlers}>
        <div
          className="min-w-[42rem] rounded-lg border-t border-l border-slate-200 dark:border-slate-800"
          role="region"
          aria-label={t('board.calendar.label')}
        >
          <div aria-hidden="true" className="grid grid-cols-7 bg-slate-100 dark:bg-slate-950">
            {names.map((name, index) => (
              <div
                key={name}
                title={longNames[index]}
                className="border-r border-b border-slate-200 px-2 py-1 text-xs font-semibold text-slate-600 capitalize dark:border-slate-800 dark:text-slate-300"
              >
                {name}
              </div>
            ))}
          </div>
          <ol className="grid grid-cols-7">
            {days.map((day) => {
              const id = dayKey(day);
              return (
                <CalendarDay
                  key={id}
                  day={day}
                  dayId={id}
                  cards={byDay.get(id) ?? []}
                  labels={labels}
                  locale={locale}
                  isToday={isToday(day)}
                  outside={span === 'month' && !isSameMonth(day, anchor)}
                  span={span}
                  onOpenCard={onOpenCard}
                  onShowWeek={(at) => {
                    setAnchor(at);
                    setSpan('week');
                  }}
                />
              );
            })}
          </ol>
        </div>
        <DragOverlay>
          {activeCard?.dueAt && <CalendarCard card={activeCard} locale={locale} overlay />}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
