/** The look of every text input, select and textarea. */
export const fieldClass =
  'rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 ' +
  'focus:ring-indigo-500/30 disabled:opacity-60 read-only:bg-slate-50 read-only:text-slate-600 ' +
  'dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 ' +
  'dark:read-only:bg-slate-900 dark:read-only:text-slate-400';

export const labelClass = 'text-sm font-medium text-slate-700 dark:text-slate-200';
export const hintClass = 'text-xs text-slate-500 dark:text-slate-400';
