import { STORAGE_KEYS } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { readStoredTheme, useTheme } from './theme';

describe('theme', () => {
  it('is dark unless light was stored', () => {
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    expect(readStoredTheme()).toBe('light');
    localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    expect(readStoredTheme()).toBe('dark');
  });

  it('toggles the dark class on <html> and remembers the choice', () => {
    useTheme.getState().setTheme('dark');
    expect(document.documentElement).toHaveClass('dark');

    useTheme.getState().toggleTheme();

    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(useTheme.getState().theme).toBe('light');
  });
});
