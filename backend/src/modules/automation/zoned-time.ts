/**
 * The instant that is `at` ("HH:MM") on the day `inDays` after `now`'s day, both read in the IANA
 * zone `tz` (a rule's setDue: docs/automation.md). A local time that a daylight-saving change skips
 * lands just after the gap.
 */
export function zonedDate(now: Date, inDays: number, at: string, tz: string): Date {
  const [hour, minute] = at.split(':').map(Number) as [number, number];
  const today = localParts(now, tz);
  const wanted = Date.UTC(today.year, today.month - 1, today.day + inDays, hour, minute);
  // The zone's offset at the guess, then again at the result (they differ across a change).
  let instant = wanted - offsetAt(new Date(wanted), tz);
  instant = wanted - offsetAt(new Date(instant), tz);
  return new Date(instant);
}

function localParts(date: Date, tz: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `date`, in milliseconds. */
function offsetAt(date: Date, tz: string): number {
  const p = localParts(date, tz);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}
