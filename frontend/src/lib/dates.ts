import {
  differenceInCalendarDays,
  format,
  formatDistanceToNow,
  isValid,
  parseISO,
  type Locale,
} from 'date-fns';
import { enUS, id } from 'date-fns/locale';

const locales: Record<string, Locale> = { en: enUS, id };

/** date-fns' locale for the reader's language (English when unknown). */
export function dateLocale(language: string | undefined): Locale {
  return locales[language ?? 'en'] ?? enUS;
}

function toDate(date: Date | string): Date {
  return typeof date === 'string' ? parseISO(date) : date;
}

/** date-fns throws on an invalid date; a missing or garbled time from the server shows as nothing. */
function formatted(date: Date | string | null | undefined, render: (value: Date) => string): string {
  if (date === null || date === undefined) return '';
  const value = toDate(date);
  return isValid(value) ? render(value) : '';
}

/**
 * 'MMMM d, yyyy' (docs/product.md, "Activity page") in the reader's language: "July 8, 2025" / "8 Juli 2025".
 * A date-only string is a local calendar day, never UTC midnight.
 */
export function formatLongDate(date: Date | string | null | undefined, language: string | undefined): string {
  const pattern = language === 'id' ? 'd MMMM yyyy' : 'MMMM d, yyyy';
  return formatted(date, (value) => format(value, pattern, { locale: dateLocale(language) }));
}

/** "5 minutes ago" / "5 menit yang lalu". */
export function formatRelativeTime(
  date: Date | string | null | undefined,
  language: string | undefined,
): string {
  return formatted(date, (value) =>
    formatDistanceToNow(value, { addSuffix: true, locale: dateLocale(language) }),
  );
}

/** A full local date and time, for tooltips beside relative times. */
export function formatDateTime(date: Date | string | null | undefined, language: string | undefined): string {
  return formatted(date, (value) => format(value, 'PPpp', { locale: dateLocale(language) }));
}

/** A due date and time, short: "Nov 24, 2026, 5:00 PM" / "24 Nov 2026 17.00". */
export function formatDueDate(date: Date | string | null | undefined, language: string | undefined): string {
  return formatted(date, (value) => format(value, 'PPp', { locale: dateLocale(language) }));
}

export type DayKind = 'today' | 'yesterday' | 'other';

/** Which day heading a moment belongs under: Today, Yesterday, or its own date (local days). */
export function dayKind(date: Date | string, now = new Date()): DayKind {
  const days = differenceInCalendarDays(now, toDate(date));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  return 'other';
}

/** The browser's IANA time zone ("Asia/Jakarta"), UTC when it cannot tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A calendar day for a chart's axis: "8 Aug" / "8 Agu" (a date-only string is a local day). */
export function formatShortDate(
  date: Date | string | null | undefined,
  language: string | undefined,
): string {
  return formatted(date, (value) => format(value, 'd MMM', { locale: dateLocale(language) }));
}
