import type { Lane } from '@papan/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LaneMenu } from './lane-menu';

interface LaneHeaderProps {
  /** The lane, or null for the default lane (which has no menu). */
  lane: Lane | null;
  title: string;
  headingId: string;
  cellsId: string;
  collapsed: boolean;
  onToggle: () => void;
  /** The lane's cards shown (the filter's matches while it is on). */
  count: number;
  /** The lane's place among the board's lanes, for moving it up and down. */
  index: number;
  laneCount: number;
}

/**
 * A lane's title bar: it stays at the left edge while the grid scrolls sideways, so the row is
 * always named (docs/lanes.md). The toggle collapses the lane's row of cells.
 */
export function LaneHeader(props: LaneHeaderProps) {
  const { lane, title, headingId, cellsId, collapsed, onToggle, count, index, laneCount } = props;
  const { t } = useTranslation();
  const Chevron = collapsed ? ChevronRight : ChevronDown;
  const countText = count === 1 ? t('board.list.cardCountOne') : t('board.list.cardCount', { count });
  return (
    <div className="sticky left-0 z-[5] flex w-fit max-w-[calc(100vw-2rem)] items-center gap-1 rounded-xl bg-slate-50/95 py-1 pr-1 dark:bg-slate-950/95">
      <button
        type="button"
        aria-expanded={!collapsed}
        // A collapsed lane's cells are not drawn at all (nor are they drop targets).
        aria-controls={collapsed ? undefined : cellsId}
        aria-label={t(collapsed ? 'board.lanes.expand' : 'board.lanes.collapse', { title })}
        onClick={onToggle}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <Chevron aria-hidden="true" className="size-4" />
      </button>
      <h2
        id={headingId}
        className={`min-w-0 truncate text-sm font-semibold ${lane ? 'text-slate-800 dark:text-slate-100' : 'text-slate-600 italic dark:text-slate-300'}`}
        title={title}
      >
        {title}
      </h2>
      <span
        className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums dark:bg-slate-800 dark:text-slate-300"
        title={countText}
      >
        <span aria-hidden="true">{count}</span>
        <span className="sr-only">{countText}</span>
      </span>
      {lane && <LaneMenu lane={lane} index={index} count={laneCount} />}
    </div>
  );
}
