/** Small capitals above a part of the card modal ('ADD TO CARD', 'ACTIONS', 'Labels'). */
export const sideHeadingClass = 'text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400';

/** The full-width buttons of the modal's side column. */
export const sideButtonClass =
  'flex h-9 w-full items-center gap-2 rounded-lg bg-slate-100 px-3 text-sm font-medium text-slate-700 ' +
  'hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 ' +
  'dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700';

/** A section heading in the modal's main column. */
export const sectionHeadingClass =
  'flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100';
