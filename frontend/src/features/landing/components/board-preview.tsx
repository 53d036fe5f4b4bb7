const columns = [
  {
    accent: 'bg-sky-400',
    cards: [
      ['w-3/4', 'bg-sky-400'],
      ['w-1/2', 'bg-amber-400'],
      ['w-2/3', 'bg-rose-400'],
    ],
  },
  {
    accent: 'bg-amber-400',
    cards: [
      ['w-2/3', 'bg-violet-400'],
      ['w-5/6', 'bg-emerald-400'],
    ],
  },
  {
    accent: 'bg-emerald-400',
    cards: [
      ['w-1/2', 'bg-emerald-400'],
      ['w-3/4', 'bg-sky-400'],
      ['w-2/5', 'bg-violet-400'],
    ],
  },
];

/** A drawing of a board (no text), so the hero shows what the product looks like. */
export function BoardPreview({ label }: { label: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className="rounded-2xl border border-slate-200 bg-slate-100/80 p-4 shadow-2xl shadow-indigo-500/10 dark:border-slate-800 dark:bg-slate-900/80"
    >
      <div className="mb-4 flex items-center gap-1.5">
        <span className="size-2.5 rounded-full bg-rose-400" />
        <span className="size-2.5 rounded-full bg-amber-400" />
        <span className="size-2.5 rounded-full bg-emerald-400" />
      </div>
      <div className="grid grid-cols-3 gap-3">
        {columns.map((column, index) => (
          <div key={index} className="flex flex-col gap-2 rounded-xl bg-white/70 p-2.5 dark:bg-slate-800/60">
            <div className="flex items-center gap-2 px-1 pb-1">
              <span className={`size-2 rounded-full ${column.accent}`} />
              <span className="h-2 w-1/2 rounded-full bg-slate-300 dark:bg-slate-600" />
            </div>
            {column.cards.map(([width, label], cardIndex) => (
              <div
                key={cardIndex}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2.5 shadow-sm dark:border-slate-700 dark:bg-slate-800"
              >
                <span className={`h-1.5 w-8 rounded-full ${label}`} />
                <span className={`h-2 rounded-full bg-slate-200 dark:bg-slate-600 ${width}`} />
                <span className="h-2 w-1/3 rounded-full bg-slate-100 dark:bg-slate-700" />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
