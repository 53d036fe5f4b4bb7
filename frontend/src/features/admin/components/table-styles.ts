/** The look shared by the admin tables. */
export const tableFrame =
  'overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
export const tableClass = 'w-full min-w-[40rem] text-left text-sm';
export const headCell =
  'px-4 py-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';
export const bodyRow = 'border-t border-slate-100 dark:border-slate-800';
export const cell = 'px-4 py-3 align-middle';
