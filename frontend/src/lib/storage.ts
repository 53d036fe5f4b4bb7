/**
 * localStorage that never throws: private browsing modes and disabled storage make every
 * call a potential exception, and a missing value is always an acceptable answer here.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the value lives only in memory for this visit.
    }
  },
  remove(...keys: string[]): void {
    try {
      keys.forEach((key) => window.localStorage.removeItem(key));
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  },
};
