import type { BoardField, CompactCard, Label, UserRef } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { nextSort, sortRows, tableRows, type SortContext, type TableRow } from './table-rows';

const points: BoardField = {
  _id: 'points',
  boardId: 'b1',
  name: 'Points',
  type: 'number',
  options: [],
  showOnCard: false,
  position: 0,
};
const size: BoardField = {
  ...points,
  _id: 'size',
  type: 'select',
  options: [
    { _id: 's', name: 'Small', color: '#fff' },
    { _id: 'l', name: 'Large', color: '#000' },
  ],
};
const card = (_id: string, overrides: Partial<CompactCard> = {}): CompactCard => ({
  _id,
  title: `Card ${_id}`,
  description: '',
  position: 1024,
  revision: 1,
  labels: [],
  checklists: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...overrides,
});
const ctx: SortContext = {
  fields: [points, size],
  labels: new Map<string, Label>(),
  members: new Map<string, UserRef>(),
  collator: new Intl.Collator('en', { numeric: true, sensitivity: 'base' }),
};
const board = {
  lanes: [],
  lists: [
    {
      _id: 'todo',
      title: 'To Do',
      position: 1,
      stage: null,
      wipLimit: null,
      wipMode: 'soft' as const,
      revision: 1,
      cards: [
        card('a', { title: 'banana', fields: { points: 5, size: 'l' } }),
        card('b', { title: 'Apple', fields: { points: 13 } }),
        card('c', { title: 'cherry 10', dueAt: '2026-12-01T10:00:00.000Z' }),
      ],
    },
    {
      _id: 'done',
      title: 'Done',
      position: 2,
      stage: null,
      wipLimit: null,
      wipMode: 'soft' as const,
      revision: 1,
      cards: [card('d', { title: 'cherry 9', fields: { points: 5, size: 's' } })],
    },
  ],
};
const rows = tableRows(board, () => true, 'Default');
const ids = (sorted: TableRow[]) => sorted.map((row) => row.card._id).join('');

describe('tableRows', () => {
  it('lists the kept cards in board order with their list', () => {
    expect(ids(rows)).toBe('abcd');
    expect(rows[3]).toMatchObject({ listTitle: 'Done', listIndex: 1, laneTitle: '' });
    expect(ids(tableRows(board, (c) => c._id !== 'b', 'Default'))).toBe('acd');
  });
});

describe('sortRows', () => {
  it('sorts titles in the language order, numbers within them by value', () => {
    expect(ids(sortRows(rows, { key: 'title', dir: 'asc' }, ctx))).toBe('badc');
    expect(ids(sortRows(rows, { key: 'title', dir: 'desc' }, ctx))).toBe('cdab');
  });

  it('sorts a number field by value, ties in board order, cards without a value last both ways', () => {
    expect(ids(sortRows(rows, { key: 'field:points', dir: 'asc' }, ctx))).toBe('adbc');
    expect(ids(sortRows(rows, { key: 'field:points', dir: 'desc' }, ctx))).toBe('badc');
  });

  it("sorts a select field in its options' order", () => {
    expect(ids(sortRows(rows, { key: 'field:size', dir: 'asc' }, ctx))).toBe('dabc');
  });

  it('sorts a checkbox unticked (or never ticked) first, ticked last', () => {
    const done: BoardField = { ...points, _id: 'done', type: 'checkbox' };
    const boxes = tableRows(
      {
        lanes: [],
        lists: [
          {
            ...board.lists[0]!,
            cards: [card('x', { fields: { done: true } }), card('y'), card('z', { fields: { done: false } })],
          },
        ],
      },
      () => true,
      '',
    );
    expect(ids(sortRows(boxes, { key: 'field:done', dir: 'asc' }, { ...ctx, fields: [done] }))).toBe('yzx');
    expect(ids(sortRows(boxes, { key: 'field:done', dir: 'desc' }, { ...ctx, fields: [done] }))).toBe('xyz');
  });

  it('sorts by due date and by list', () => {
    expect(ids(sortRows(rows, { key: 'due', dir: 'asc' }, ctx))).toBe('cabd');
    expect(ids(sortRows(rows, { key: 'list', dir: 'desc' }, ctx))).toBe('dabc');
  });

  it('leaves the order alone for a field the board no longer has', () => {
    expect(ids(sortRows(rows, { key: 'field:gone', dir: 'desc' }, ctx))).toBe('abcd');
  });

  it('sorts 2,000 rows by a field in well under 100 ms', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      ...rows[0]!,
      card: card(String(i), { fields: { points: (i * 7919) % 1000 } }),
    }));
    const started = performance.now();
    const sorted = sortRows(many, { key: 'field:points', dir: 'asc' }, ctx);
    expect(performance.now() - started).toBeLessThan(100);
    expect(sorted[0]!.card.fields!.points).toBe(0);
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending, then flips', () => {
    expect(nextSort(null, 'due')).toEqual({ key: 'due', dir: 'asc' });
    expect(nextSort({ key: 'due', dir: 'asc' }, 'due')).toEqual({ key: 'due', dir: 'desc' });
    expect(nextSort({ key: 'due', dir: 'desc' }, 'due')).toEqual({ key: 'due', dir: 'asc' });
    expect(nextSort({ key: 'due', dir: 'desc' }, 'title')).toEqual({ key: 'title', dir: 'asc' });
  });
});
