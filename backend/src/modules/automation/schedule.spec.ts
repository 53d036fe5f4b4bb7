import { nextScheduledRun } from '@papan/shared';
import { zonedDate } from './zoned-time';

/** A schedule's next due time in its zone, across daylight-saving changes (docs/automation.md, "Schedules"). */
describe('nextScheduledRun', () => {
  const next = (cron: string, tz: string, after: string) =>
    nextScheduledRun(cron, tz, new Date(after))?.toISOString();

  it('reads the five fields in the zone', () => {
    expect(next('0 9 * * 1', 'Asia/Jakarta', '2026-11-27T00:00:00Z')).toBe('2026-11-30T02:00:00.000Z');
    expect(next('* * * * *', 'UTC', '2026-11-27T10:15:30Z')).toBe('2026-11-27T10:16:00.000Z');
  });

  it('keeps 09:00 Berlin time across the March change (CET → CEST)', () => {
    // 28 March 2027 is the last Sunday of March: 09:00 is 08:00 UTC before it and 07:00 UTC after.
    expect(next('0 9 * * *', 'Europe/Berlin', '2027-03-27T00:00:00Z')).toBe('2027-03-27T08:00:00.000Z');
    expect(next('0 9 * * *', 'Europe/Berlin', '2027-03-27T08:00:00Z')).toBe('2027-03-28T07:00:00.000Z');
  });

  it('keeps 09:00 Berlin time across the October change (CEST → CET)', () => {
    expect(next('0 9 * * *', 'Europe/Berlin', '2026-10-24T00:00:00Z')).toBe('2026-10-24T07:00:00.000Z');
    expect(next('0 9 * * *', 'Europe/Berlin', '2026-10-24T07:00:00Z')).toBe('2026-10-25T08:00:00.000Z');
  });

  it('fires a time the March change skips once, just after the gap, and a doubled October time once', () => {
    // 02:30 does not exist in Berlin on 28 March 2027 (02:00 → 03:00).
    expect(next('30 2 * * *', 'Europe/Berlin', '2027-03-27T12:00:00Z')).toBe('2027-03-28T01:00:00.000Z');
    // 02:30 happens twice on 25 October 2026: the schedule fires at the first and then next day.
    const first = next('30 2 * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z')!;
    expect(first).toBe('2026-10-25T00:30:00.000Z');
    expect(next('30 2 * * *', 'Europe/Berlin', first)).toBe('2026-10-26T01:30:00.000Z');
  });
});

describe('zonedDate (setDue)', () => {
  it('is the wall-clock time in the zone, days on', () => {
    const now = new Date('2026-11-27T20:00:00Z'); // 28 November 03:00 in Jakarta
    expect(zonedDate(now, 2, '09:30', 'Asia/Jakarta').toISOString()).toBe('2026-11-30T02:30:00.000Z');
    expect(zonedDate(now, 0, '09:30', 'UTC').toISOString()).toBe('2026-11-27T09:30:00.000Z');
  });

  it('uses the offset of the due day, not of today, across a change', () => {
    const now = new Date('2027-03-27T10:00:00Z');
    expect(zonedDate(now, 1, '09:00', 'Europe/Berlin').toISOString()).toBe('2027-03-28T07:00:00.000Z');
  });
});
