import { CalendarDays, Kanban, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { BoardView } from './board-page';

const VIEWS = [
  { view: 'board', path: '', Icon: Kanban },
  { view: 'table', path: '/table', Icon: Table2 },
  { view: 'calendar', path: '/calendar', Icon: CalendarDays },
] as const;

const itemClass =
  'inline-flex h-8 items-center gap-1.5 px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500';
const activeClass = 'bg-indigo-600 text-white';
const idleClass =
  'bg-white text-slate-700 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * Board / Table / Calendar (docs/fields.md, "Views"): the same board and the same filter (the
 * address's parameters go along; an open card does not).
 */
export function ViewSwitcher({ boardId, view }: { boardId: string; view: BoardView }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kept = new URLSearchParams(params);
  kept.delete('card');
  const search = kept.toString() ? `?${kept.toString()}` : '';
  return (
    <nav aria-label={t('board.views.label')}>
      <ul className="flex overflow-hidden rounded-lg border border-slate-300 dark:border-slate-700">
        {VIEWS.map(({ view: each, path, Icon }) => (
          <li
            key={each}
            className="not-first:border-l not-first:border-slate-300 dark:not-first:border-slate-700"
          >
            <Link
              to={`/board/${encodeURIComponent(boardId)}${path}${search}`}
              aria-current={each === view ? 'page' : undefined}
              className={`${itemClass} ${each === view ? activeClass : idleClass}`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`board.views.${each}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
