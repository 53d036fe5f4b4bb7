import { daysBetween, INSIGHTS_LIMITS } from '@papan/shared';
import { addDays, format, subDays } from 'date-fns';

/** Today in the browser's time zone, YYYY-MM-DD. */
export function today(now = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** The last `days` days, today included: from (today - days + 1) to today. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  return { from: format(subDays(now, days - 1), 'yyyy-MM-dd'), to: today(now) };
}

/** A day some way ahead, YYYY-MM-DD (the forecast's default date). */
export function daysAhead(days: number, now = new Date()): string {
  return format(addDays(now, days), 'yyyy-MM-dd');
}

export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** What is wrong with a range the reader typed, or null. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'missing';
  if (from > to) return 'order';
  if (daysBetween(from, to) > INSIGHTS_LIMITS.rangeDays) return 'tooLong';
  return null;
}
