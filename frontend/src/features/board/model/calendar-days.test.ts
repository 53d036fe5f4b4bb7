import type { CompactCard } from '@papan/shared';
import { enUS, id } from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  cardsByDay,
  dayKey,
  moveToDay,
  shiftAnchor,
  weekdayNames,
  weekStartOf,
} from './calendar-days';

// Times are built in the local zone (whatever the machine's), so the tests hold in any zone.
const local = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).toISOString();
const card = (_id: string, dueAt?: string): CompactCard => ({
  _id,
  title: _id,
  description: '',
  position: 1024,
  revision: 1,
  labels: [],
  checklists: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...(dueAt ? { dueAt } : {}),
});

describe('weeks per language', () => {
  it('starts the week on Sunday in English and Monday in Indonesian', () => {
    expect(weekStartOf(enUS)).toBe(0);
    expect(weekStartOf(id)).toBe(1);
    expect(weekdayNames(enUS, 0, 'short')[0]).toBe('Sun');
    expect(weekdayNames(id, 1, 'short')[0]).toBe('Sen');
  });

  it('shows a month as whole weeks from the language first day', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    const en = calendarDays(new Date(2026, 10, 15), 'month', 0);
    expect(dayKey(en[0]!)).toBe('2026-11-01');
    expect(dayKey(en.at(-1)!)).toBe('2026-12-05');
    const idn = calendarDays(new Date(2026, 10, 15), 'month', 1);
    expect(dayKey(idn[0]!)).toBe('2026-10-26');
    expect(dayKey(idn.at(-1)!)).toBe('2026-12-06');
    expect(idn.length % 7).toBe(0);
  });

  it('shows the week holding the day, and steps by a span', () => {
    const week = calendarDays(new Date(2026, 10, 28), 'week', 1);
    expect(week.map(dayKey)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(dayKey(shiftAnchor(new Date(2026, 0, 31), 'month', 1))).toBe('2026-02-01');
    expect(dayKey(shiftAnchor(new Date(2026, 10, 28), 'week', -1))).toBe('2026-11-21');
  });
});

describe('cardsByDay', () => {
  it('puts a card on the local day it is due, ordered by time', () => {
    const days = cardsByDay([
      card('late', local(2026, 11, 24, 23, 30)),
      card('early', local(2026, 11, 24, 0, 15)),
      card('next', local(2026, 11, 25, 9)),
      card('none'),
    ]);
    expect(days.get('2026-11-24')?.map((c) => c._id)).toEqual(['early', 'late']);
    expect(days.get('2026-11-25')?.map((c) => c._id)).toEqual(['next']);
    expect([...days.keys()]).toHaveLength(2);
  });
});

describe('moveToDay', () => {
  it('keeps the local time of day', () => {
    const moved = new Date(moveToDay(local(2026, 11, 3, 17, 45), '2026-11-10'));
    expect([moved.getFullYear(), moved.getMonth() + 1, moved.getDate()]).toEqual([2026, 11, 10]);
    expect([moved.getHours(), moved.getMinutes()]).toEqual([17, 45]);
  });

  it('keeps seconds, and moves backwards and across months', () => {
    const due = new Date(2026, 0, 31, 8, 5, 30, 250).toISOString();
    const moved = new Date(moveToDay(due, '2025-12-02'));
    expect(dayKey(moved)).toBe('2025-12-02');
    expect([moved.getHours(), moved.getMinutes(), moved.getSeconds(), moved.getMilliseconds()]).toEqual([
      8, 5, 30, 250,
    ]);
  });
});
