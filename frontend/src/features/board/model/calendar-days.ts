import type { CompactCard } from '@papan/shared';
import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  startOfMonth,
  startOfWeek,
  type Locale,
} from 'date-fns';

/** The calendar view's two spans (docs/fields.md, "Views"). */
export type CalendarSpan = 'month' | 'week';
type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A local calendar day as text, `YYYY-MM-DD`. */
export const dayKey = (date: Date): string => format(date, 'yyyy-MM-dd');

/** The local day `YYYY-MM-DD` names, at midnight. */
export function dayOf(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** The first day of the week in the reader's language (Sunday in English, Monday in Indonesian). */
export const weekStartOf = (locale: Locale): WeekStart => (locale.options?.weekStartsOn ?? 0) as WeekStart;

/**
 * The days the calendar shows around `anchor`: a month as whole weeks (from the week holding the
 * 1st to the week holding the last day), or the one week holding it.
 */
export function calendarDays(anchor: Date, span: CalendarSpan, weekStartsOn: WeekStart): Date[] {
  const options = { weekStartsOn };
  const start = span === 'month' ? startOfWeek(startOfMonth(anchor), options) : startOfWeek(anchor, options);
  const end = span === 'month' ? endOfWeek(endOfMonth(anchor), options) : endOfWeek(anchor, options);
  return eachDayOfInterval({ start, end });
}

/** The anchor one span before (-1) or after (+1). */
export const shiftAnchor = (anchor: Date, span: CalendarSpan, step: -1 | 1): Date =>
  span === 'month' ? addMonths(startOfMonth(anchor), step) : addWeeks(anchor, step);

/** The week's day names, starting with the language's first day ("Mon", "Sen", …). */
export function weekdayNames(locale: Locale, weekStartsOn: WeekStart, width: 'short' | 'long'): string[] {
  const first = startOfWeek(new Date(2026, 0, 7), { weekStartsOn });
  return Array.from({ length: 7 }, (_, i) =>
    format(addDays(first, i), width === 'short' ? 'EEE' : 'EEEE', { locale }),
  );
}

/**
 * The cards with a due date by the local day it falls on, each day's cards by their time (then
 * title): a card due 23:30 in Jakarta sits on that day there, whatever day it is in UTC.
 */
export function cardsByDay(cards: Iterable<CompactCard>): Map<string, CompactCard[]> {
  const days = new Map<string, { card: CompactCard; at: number }[]>();
  for (const card of cards) {
    if (!card.dueAt) continue;
    const at = new Date(card.dueAt);
    if (Number.isNaN(at.getTime())) continue;
    const key = dayKey(at);
    const day = days.get(key) ?? [];
    day.push({ card, at: at.getTime() });
    days.set(key, day);
  }
  const sorted = new Map<string, CompactCard[]>();
  for (const [key, day] of days)
    sorted.set(
      key,
      day.sort((a, b) => a.at - b.at || a.card.title.localeCompare(b.card.title)).map((entry) => entry.card),
    );
  return sorted;
}

/**
 * A due date moved to another local day at the same local time of day (a drop on the calendar):
 * 17:00 on the 3rd dropped on the 10th is 17:00 on the 10th, across a daylight-saving change too.
 */
export function moveToDay(dueAt: string, day: string): string {
  const time = new Date(dueAt);
  const target = dayOf(day);
  target.setHours(time.getHours(), time.getMinutes(), time.getSeconds(), time.getMilliseconds());
  return target.toISOString();
}
