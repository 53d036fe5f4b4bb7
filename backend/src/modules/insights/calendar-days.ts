/**
 * Calendar days in a time zone (docs/insights.md, "Days"): the instants at which each day of a
 * range starts, so every figure of a day counts what happened between two midnights of that zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The zone's wall clock at `instant`, as if it were UTC (ms). */
function wallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant the day `date` (YYYY-MM-DD) starts in `zone`. */
export function dayStart(date: string, zone: string): number {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  let instant = midnight - (wallClock(midnight, zone) - midnight);
  // Across a change of offset the first guess is an hour out: correct it with the offset there.
  instant = midnight - (wallClock(instant, zone) - instant);
  return instant;
}

/** The date (YYYY-MM-DD) `instant` falls on in `zone`. */
export function dateIn(instant: number, zone: string): string {
  return new Date(wallClock(instant, zone)).toISOString().slice(0, 10);
}

/** `date` plus `days` (calendar arithmetic). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The dates from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * Where each day of `dates` starts in `zone`, and where the last one ends: n + 1 instants, the
 * boundaries SQL's `width_bucket` sorts history rows into.
 */
export function dayBounds(dates: string[], zone: string): Date[] {
  return [...dates, addDays(dates[dates.length - 1], 1)].map((date) => new Date(dayStart(date, zone)));
}
