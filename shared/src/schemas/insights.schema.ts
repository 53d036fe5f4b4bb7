import { z } from 'zod';

/**
 * Flow insights and forecasts (docs/insights.md): where a card has been, how work flows through
 * the board's stages, and when more of it will be done.
 */

export const LIST_STAGES = ['backlog', 'active', 'done'] as const;
export type ListStage = (typeof LIST_STAGES)[number];
export const listStageSchema = z.enum(LIST_STAGES, 'must be backlog, active, done or null').nullable();

export const INSIGHTS_LIMITS = {
  /** The longest range of one insights read, in days. */
  rangeDays: 366,
  /** The default range: the last 30 days, today included. */
  defaultDays: 30,
  /** A forecast's most cards, and how far ahead `by` may be (days). */
  forecastCards: 10_000,
  forecastHorizonDays: 3_660,
  /** Monte Carlo runs per forecast, and the days of history they draw from. */
  simulations: 10_000,
  basisDays: 90,
  /** The most finished cards an insights answer lists (the latest; its percentiles count all). */
  finishedShown: 1_000,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export const calendarDateSchema = z
  .string()
  .regex(DATE, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'must be a date that exists');

/** An IANA time zone the runtime knows, such as `Asia/Jakarta` or `UTC`. */
export const timeZoneSchema = z
  .string()
  .max(64, 'must be a time zone such as Asia/Jakarta')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return /^[A-Za-z0-9_+\-/]+$/.test(zone);
    } catch {
      return false;
    }
  }, 'must be a time zone such as Asia/Jakarta');

/** Days from `from` to `to`, both included (UTC calendar arithmetic on the dates themselves). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const insightsQuerySchema = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    tz: timeZoneSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= INSIGHTS_LIMITS.rangeDays, {
    message: `the range must be at most ${INSIGHTS_LIMITS.rangeDays} days`,
    path: ['to'],
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const integerText = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `must be ${what}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be ${what}`).max(max, `must be ${what}`));

export const forecastQuerySchema = z
  .object({
    cards: integerText(1, INSIGHTS_LIMITS.forecastCards, `a whole number 1–${INSIGHTS_LIMITS.forecastCards}`),
    by: calendarDateSchema,
    seed: integerText(0, 4_294_967_295, 'a whole number 0–4294967295'),
    /** Whose calendar "today", `by` and the answer's dates are in (UTC by default). */
    tz: timeZoneSchema,
  })
  .partial()
  .refine((q) => (q.cards === undefined) !== (q.by === undefined), {
    message: 'give exactly one of cards or by',
    path: ['cards'],
  });
export type ForecastQuery = z.infer<typeof forecastQuerySchema>;

/** Percentiles by nearest rank over `n` values, in days with two decimals; null when `n` is 0. */
export interface Percentiles {
  n: number;
  p50: number | null;
  p85: number | null;
  p95: number | null;
}

export interface InsightsList {
  _id: string;
  title: string;
  /** The stage the figures use: the list's own, or the default rule's while no list has one. */
  stage: ListStage | null;
  /** The list's revision, which a stage change is sent against (`If-Match`, docs/api.md "Revisions"). */
  revision: number;
}

/** A card that finished in the range: its last entry into a done list, lead and cycle time. */
export interface FinishedCard {
  cardId: string;
  /** Null when the card went with a deleted list (its history stays). */
  title: string | null;
  finishedAt: string;
  leadDays: number;
  /** Null when the card never entered an active list. */
  cycleDays: number | null;
}

export interface Insights {
  from: string;
  to: string;
  tz: string;
  lists: InsightsList[];
  /** Whether the stages are the default rule's (no list has a stage of its own). */
  defaultStages: boolean;
  cfd: { date: string; counts: Record<string, number> }[];
  throughput: { date: string; count: number }[];
  leadTime: Percentiles;
  cycleTime: Percentiles;
  timeInList: { listId: string; p50: number | null; p85: number | null }[];
  aging: { cardId: string; title: string; listId: string; ageDays: number }[];
  wip: { listId: string; count: number; limit: number | null }[];
  finished: FinishedCard[];
}

interface ForecastOf<T> {
  /** The days of history the runs drew from: 90, or fewer on a younger board. */
  basisDays: number;
  simulations: number;
  p50: T;
  p85: T;
  p95: T;
}
/** `?cards=N`: the dates (YYYY-MM-DD, in `tz`) by which N more cards are done with 50/85/95 % confidence. */
export type ForecastDates = ForecastOf<string>;
/** `?by=`: how many cards are done by then with 50/85/95 % confidence (p95 ≤ p85 ≤ p50). */
export type ForecastCounts = ForecastOf<number>;
export type Forecast = ForecastDates | ForecastCounts;

export interface CardHistoryEntry {
  listId: string;
  /** Null when the list has since been deleted. */
  listTitle: string | null;
  enteredAt: string;
  leftAt: string | null;
}
