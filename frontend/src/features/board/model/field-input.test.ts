import type { BoardField } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { readFieldInput, shortHost } from './field-input';

const field = (type: BoardField['type']): Pick<BoardField, 'type' | 'options'> => ({
  type,
  options: type === 'select' ? [{ _id: 'opt-1', name: 'Plan', color: '#7dd3fc' }] : [],
});

describe('readFieldInput', () => {
  it('clears the value for empty input of any typed field', () => {
    for (const type of ['text', 'number', 'date', 'url', 'select'] as const)
      expect(readFieldInput(field(type), '  ')).toEqual({ ok: true, value: null });
  });

  it('reads numbers as typed and refuses what is not a finite number', () => {
    expect(readFieldInput(field('number'), ' 1.5 ')).toEqual({ ok: true, value: 1.5 });
    expect(readFieldInput(field('number'), '-3')).toEqual({ ok: true, value: -3 });
    expect(readFieldInput(field('number'), '1,5')).toEqual({ ok: false, error: 'number' });
    expect(readFieldInput(field('number'), 'Infinity')).toEqual({ ok: false, error: 'number' });
  });

  it('takes real days as YYYY-MM-DD only', () => {
    expect(readFieldInput(field('date'), '2026-02-28')).toEqual({ ok: true, value: '2026-02-28' });
    expect(readFieldInput(field('date'), '2026-02-30')).toEqual({ ok: false, error: 'date' });
    expect(readFieldInput(field('date'), '28/02/2026')).toEqual({ ok: false, error: 'date' });
  });

  it('takes http and https addresses only', () => {
    expect(readFieldInput(field('url'), 'https://example.com/x')).toEqual({
      ok: true,
      value: 'https://example.com/x',
    });
    expect(readFieldInput(field('url'), 'example.com')).toEqual({ ok: false, error: 'url' });
    expect(readFieldInput(field('url'), 'javascript:alert(1)')).toEqual({ ok: false, error: 'url' });
  });

  it('keeps text as typed and refuses text past the limit', () => {
    expect(readFieldInput(field('text'), ' two  spaces ')).toEqual({ ok: true, value: ' two  spaces ' });
    expect(readFieldInput(field('text'), 'x'.repeat(1001))).toEqual({ ok: false, error: 'text' });
  });

  it("takes a select's own options and checkbox ticks", () => {
    expect(readFieldInput(field('select'), 'opt-1')).toEqual({ ok: true, value: 'opt-1' });
    expect(readFieldInput(field('select'), 'opt-2')).toEqual({ ok: false, error: 'select' });
    expect(readFieldInput(field('checkbox'), true)).toEqual({ ok: true, value: true });
    expect(readFieldInput(field('checkbox'), false)).toEqual({ ok: true, value: false });
  });
});

describe('shortHost', () => {
  it('shows a url as its host without www', () => {
    expect(shortHost('https://www.example.com/a/b?c=1')).toBe('example.com');
    expect(shortHost('http://localhost:3000/x')).toBe('localhost:3000');
  });
});
