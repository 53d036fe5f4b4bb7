import { describe, expect, it } from 'vitest';
import { dayKind, formatLongDate, formatRelativeTime } from './dates';

describe('dates', () => {
  it("writes 'MMMM d, yyyy' in English and the Indonesian order in Indonesian", () => {
    expect(formatLongDate('2025-07-08', 'en')).toBe('July 8, 2025');
    expect(formatLongDate('2025-07-08', 'id')).toBe('8 Juli 2025');
  });

  it('tells Today and Yesterday by local calendar day, not by 24 hours', () => {
    const now = new Date(2025, 6, 10, 0, 30);
    expect(dayKind(new Date(2025, 6, 10, 0, 5), now)).toBe('today');
    expect(dayKind(new Date(2025, 6, 9, 23, 55), now)).toBe('yesterday');
    expect(dayKind(new Date(2025, 6, 8, 23, 55), now)).toBe('other');
  });

  it('shows nothing, instead of throwing, for a missing or garbled time', () => {
    expect(formatRelativeTime('not a date', 'en')).toBe('');
    expect(formatLongDate(undefined, 'en')).toBe('');
  });
});
