import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from '@papan/shared';
import { create } from 'zustand';
import { storage } from './storage';

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

/**
 * The theme (docs/product.md, "States and transitions") lives in localStorage `theme` (default
 * dark) and toggles the `dark` class.
 */
export const useTheme = create<ThemeState>()((set, get) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    storage.set(STORAGE_KEYS.theme, theme);
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

export function readStoredTheme(): Theme {
  const stored = storage.get(STORAGE_KEYS.theme);
  return THEMES.find((theme) => theme === stored) ?? DEFAULT_THEME;
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
