import { describe, expect, it } from 'vitest';
import { dueStatus, fromLocalInput, toLocalInput } from './due-status';

const NOW = new Date('2026-11-24T08:00:00.000Z').getTime();
const hours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('dueStatus', () => {
  it.each([
    [hours(-1), false, 'overdue'],
    [hours(1), false, 'soon'],
    [hours(24), false, 'soon'],
    [hours(25), false, 'later'],
    [hours(-100), true, 'complete'],
    [hours(100), true, 'complete'],
  ])('%s (complete: %s) is %s', (dueAt, complete, status) => {
    expect(dueStatus(dueAt, complete, NOW)).toBe(status);
  });
});

describe('the datetime-local field', () => {
  it('shows a due time in local time and reads it back as the same moment', () => {
    const due = '2026-12-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(due))).toBe(due);
  });

  it('reads an empty or garbled field as no time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});
