import type { AdminStats } from '@papan/shared';
import { FolderKanban, ListTodo, SquareStack, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type StatKey = 'users' | 'boards' | 'lists' | 'cards';

const CARDS = [
  {
    key: 'users',
    field: 'userCount',
    Icon: Users,
    tone: 'text-indigo-600 bg-indigo-50 dark:bg-indigo-500/15 dark:text-indigo-300',
  },
  {
    key: 'boards',
    field: 'boardCount',
    Icon: FolderKanban,
    tone: 'text-sky-600 bg-sky-50 dark:bg-sky-500/15 dark:text-sky-300',
  },
  {
    key: 'lists',
    field: 'listCount',
    Icon: ListTodo,
    tone: 'text-amber-600 bg-amber-50 dark:bg-amber-500/15 dark:text-amber-300',
  },
  {
    key: 'cards',
    field: 'cardCount',
    Icon: SquareStack,
    tone: 'text-emerald-600 bg-emerald-50 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
] as const satisfies readonly { key: StatKey; field: keyof AdminStats; Icon: LucideIcon; tone: string }[];

interface StatCardsProps {
  stats: AdminStats;
  selected: StatKey;
  onSelect: (key: StatKey) => void;
}

/**
 * Total Users, Boards, Lists and Cards; each card is a button choosing the chart below
 * (docs/product.md, "Administrator area").
 */
export function StatCards({ stats, selected, onSelect }: StatCardsProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, field, Icon, tone }) => (
        <li key={key}>
          <button
            type="button"
            aria-pressed={selected === key}
            onClick={() => onSelect(key)}
            className={`flex w-full items-center gap-4 rounded-2xl border bg-white p-5 text-left shadow-sm transition-colors hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-slate-900 dark:hover:border-indigo-500/60 ${
              selected === key
                ? 'border-indigo-500 ring-2 ring-indigo-500/20 dark:border-indigo-400'
                : 'border-slate-200 dark:border-slate-800'
            }`}
          >
            <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ${tone}`}>
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {t(`admin.stats.${key}`)}
              </span>
              <span className="block text-2xl font-semibold tabular-nums">{number.format(stats[field])}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
