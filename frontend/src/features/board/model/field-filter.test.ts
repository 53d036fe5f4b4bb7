import type { BoardField, CompactCard } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { cardMatcher, isFiltering, NO_FILTER, readFilter, writeFilter } from './card-filter';
import { fieldConditionCount, readRange, writeRange } from './field-filter';

const field = (_id: string, type: BoardField['type'], options: BoardField['options'] = []): BoardField => ({
  _id,
  boardId: 'b1',
  name: _id,
  type,
  options,
  showOnCard: true,
  position: 0,
});
const FIELDS = [
  field('stage', 'select', [
    { _id: 'o-plan', name: 'Plan', color: '#7dd3fc' },
    { _id: 'o-ship', name: 'Ship', color: '#86efac' },
  ]),
  field('ok', 'checkbox'),
  field('note', 'text'),
  field('points', 'number'),
  field('launch', 'date'),
  field('link', 'url'),
];
const card = (fields?: CompactCard['fields']): CompactCard => ({
  _id: 'c',
  title: 'A card',
  description: '',
  position: 1024,
  revision: 1,
  labels: [],
  checklists: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...(fields ? { fields } : {}),
});
const matches = (fields: Record<string, string>, c: CompactCard) =>
  cardMatcher({ ...NO_FILTER, fields }, FIELDS)(c);

describe('cardMatcher by custom field', () => {
  it('keeps a select field with any of the chosen options', () => {
    expect(matches({ stage: 'o-plan,o-ship' }, card({ stage: 'o-ship' }))).toBe(true);
    expect(matches({ stage: 'o-plan' }, card({ stage: 'o-ship' }))).toBe(false);
    expect(matches({ stage: 'o-plan' }, card())).toBe(false);
  });

  it('keeps a ticked checkbox for yes, an unticked or unset one for no', () => {
    expect(matches({ ok: 'yes' }, card({ ok: true }))).toBe(true);
    expect(matches({ ok: 'yes' }, card({ ok: false }))).toBe(false);
    expect(matches({ ok: 'no' }, card({ ok: false }))).toBe(true);
    expect(matches({ ok: 'no' }, card())).toBe(true);
  });

  it('keeps text and url values that contain every word, in any case', () => {
    expect(matches({ note: 'BLUE sky' }, card({ note: 'The sky is blue' }))).toBe(true);
    expect(matches({ note: 'green' }, card({ note: 'The sky is blue' }))).toBe(false);
    expect(matches({ link: 'example.com' }, card({ link: 'https://example.com/a' }))).toBe(true);
  });

  it('keeps numbers within a range, either end open', () => {
    expect(matches({ points: '3..8' }, card({ points: 3 }))).toBe(true);
    expect(matches({ points: '3..8' }, card({ points: 8.5 }))).toBe(false);
    expect(matches({ points: '..0' }, card({ points: -2 }))).toBe(true);
    expect(matches({ points: '5..' }, card({ points: 4 }))).toBe(false);
    expect(matches({ points: '5..' }, card())).toBe(false);
  });

  it('keeps dates within a range of days, both ends included', () => {
    expect(matches({ launch: '2026-12-01..2026-12-31' }, card({ launch: '2026-12-31' }))).toBe(true);
    expect(matches({ launch: '2026-12-01..2026-12-31' }, card({ launch: '2027-01-01' }))).toBe(false);
    expect(matches({ launch: '..2026-12-01' }, card({ launch: '2026-11-30' }))).toBe(true);
  });

  it('needs every field condition to hold, and leaves out a field the board no longer has', () => {
    const both = { stage: 'o-plan', ok: 'yes' };
    expect(matches(both, card({ stage: 'o-plan', ok: true }))).toBe(true);
    expect(matches(both, card({ stage: 'o-plan' }))).toBe(false);
    expect(matches({ gone: 'anything' }, card())).toBe(true);
    expect(fieldConditionCount({ gone: 'x', ok: 'yes', points: '..' }, FIELDS)).toBe(1);
  });

  it('keeps the conditions in the address as f.<fieldId> and reads them back', () => {
    const filter = { ...NO_FILTER, q: 'x', fields: { stage: 'o-plan', points: writeRange('1', '') } };
    const params = writeFilter(new URLSearchParams('card=c1&f.old=1'), filter);
    expect(params.toString()).toBe('card=c1&q=x&f.stage=o-plan&f.points=1..');
    expect(readFilter(params)).toEqual(filter);
    expect(isFiltering({ ...NO_FILTER, fields: { ok: 'yes' } })).toBe(true);
    expect(isFiltering({ ...NO_FILTER, fields: { ok: '' } })).toBe(false);
    expect(readRange('..2026-01-02')).toEqual(['', '2026-01-02']);
    expect(writeRange('', '')).toBe('');
  });
});
