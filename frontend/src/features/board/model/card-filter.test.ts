import type { CompactCard } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { cardMatcher, isFiltering, NO_FILTER, readFilter, writeFilter, type CardFilter } from './card-filter';

const NOW = new Date('2026-11-24T08:00:00.000Z').getTime();
const inHours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();
const card = (overrides: Partial<CompactCard> = {}): CompactCard => ({
  _id: 'c',
  title: 'Write the release notes',
  description: 'Rilis Juli untuk semua pelanggan',
  position: 1024,
  revision: 1,
  labels: [],
  checklists: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...overrides,
});
const matches = (filter: Partial<CardFilter>, c: CompactCard) =>
  cardMatcher({ ...NO_FILTER, ...filter }, [], NOW)(c);

describe('cardMatcher', () => {
  it('keeps every card without a filter', () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(matches({}, card())).toBe(true);
  });

  it('finds every word in the title or the description, in any case and language', () => {
    expect(matches({ q: 'RELEASE notes' }, card())).toBe(true);
    expect(matches({ q: 'juli pelanggan' }, card())).toBe(true);
    expect(matches({ q: 'release august' }, card())).toBe(false);
  });

  it('keeps cards with any of the chosen labels, and any of the chosen members', () => {
    const labelled = card({ labels: ['red', 'blue'], memberIds: ['ada'] });
    expect(matches({ labels: ['green', 'blue'] }, labelled)).toBe(true);
    expect(matches({ labels: ['green'] }, labelled)).toBe(false);
    expect(matches({ members: ['ada', 'grace'] }, labelled)).toBe(true);
    expect(matches({ members: ['grace'] }, labelled)).toBe(false);
    expect(matches({ members: ['ada'] }, card())).toBe(false);
  });

  it('sorts due dates into overdue, the next 7 days and none; a complete card is neither', () => {
    expect(matches({ due: 'overdue' }, card({ dueAt: inHours(-1) }))).toBe(true);
    expect(matches({ due: 'overdue' }, card({ dueAt: inHours(-1), dueComplete: true }))).toBe(false);
    expect(matches({ due: 'week' }, card({ dueAt: inHours(24 * 6) }))).toBe(true);
    expect(matches({ due: 'week' }, card({ dueAt: inHours(24 * 8) }))).toBe(false);
    expect(matches({ due: 'week' }, card({ dueAt: inHours(-1) }))).toBe(false);
    expect(matches({ due: 'none' }, card())).toBe(true);
    expect(matches({ due: 'none' }, card({ dueAt: inHours(1) }))).toBe(false);
  });

  it('keeps cards of the chosen lanes, `none` being the default lane (docs/lanes.md)', () => {
    const inLane = card({ laneId: 'l1' });
    expect(isFiltering({ ...NO_FILTER, lanes: ['l1'] })).toBe(true);
    expect(matches({ lanes: ['l1'] }, inLane)).toBe(true);
    expect(matches({ lanes: ['l2'] }, inLane)).toBe(false);
    expect(matches({ lanes: ['none'] }, inLane)).toBe(false);
    expect(matches({ lanes: ['none'] }, card())).toBe(true);
    expect(matches({ lanes: ['l2', 'none'] }, card())).toBe(true);
  });

  it('needs every part of the filter to hold', () => {
    const c = card({ labels: ['red'], dueAt: inHours(-2) });
    expect(matches({ q: 'release', labels: ['red'], due: 'overdue' }, c)).toBe(true);
    expect(matches({ q: 'release', labels: ['red'], due: 'none' }, c)).toBe(false);
  });
});

describe('the filter in the address', () => {
  it('reads and writes ?q=&labels=&members=&due=&lanes=, leaving other parameters and empty parts alone', () => {
    const filter = readFilter(
      new URLSearchParams('q=notes&labels=a,b&members=u1&due=week&lanes=none,l1&x=1'),
    );
    expect(filter).toEqual({
      q: 'notes',
      labels: ['a', 'b'],
      members: ['u1'],
      due: 'week',
      lanes: ['none', 'l1'],
      fields: {},
    });
    expect(writeFilter(new URLSearchParams(), { ...NO_FILTER, lanes: ['l2', 'none'] }).toString()).toBe(
      'lanes=l2%2Cnone',
    );
    expect(writeFilter(new URLSearchParams('x=1&q=old'), { ...NO_FILTER, labels: ['a'] }).toString()).toBe(
      'x=1&labels=a',
    );
  });

  it('ignores a due filter it does not know', () => {
    expect(readFilter(new URLSearchParams('due=yesterday')).due).toBe('');
  });
});
