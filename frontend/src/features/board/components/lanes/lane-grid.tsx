import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { CompactCard as Card, CompactList as List, Lane } from '@papan/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardFilter } from '../../hooks/use-card-filter';
import { useCollapsedLanes } from '../../hooks/use-collapsed-lanes';
import { laneKey, laneRows, type LaneId } from '../../model/lanes';
import { countCards } from '../../model/wip';
import { AddListForm } from '../add-list-form';
import { GridListHeader } from './grid-list-header';
import { LaneRow } from './lane-row';
import { LaneTitleDialog } from './lane-title-dialog';

interface LaneGridProps {
  boardId: string;
  lists: List[];
  lanes: Lane[];
  cardsOf: (listId: string, laneId: LaneId) => Card[];
  shown: ((card: Card) => boolean) | null;
  onOpenCard: (cardId: string) => void;
}

/**
 * A board with lanes (docs/lanes.md): the list headers once at the top (they stay while the grid
 * scrolls down), then a row per lane, the default lane first, each with a cell per list. The grid
 * scrolls both ways; lane titles stay at the left edge.
 */
export function LaneGrid({ boardId, lists, lanes, cardsOf, shown, onOpenCard }: LaneGridProps) {
  const { t } = useTranslation();
  const { collapsed, toggle } = useCollapsedLanes(boardId);
  const { filter } = useCardFilter();
  const [adding, setAdding] = useState(false);
  const rows = laneRows(lanes);
  // The filter's lanes, when it names any: the other rows are not drawn.
  const visible = rows.filter(({ laneId }) => !filter.lanes.length || filter.lanes.includes(laneKey(laneId)));

  return (
    <div className="min-h-0 flex-1 overflow-auto">
      <div className="flex w-max min-w-full flex-col gap-4 px-4 pb-4 sm:px-6 lg:px-8">
        <div className="sticky top-0 z-10 flex items-start gap-4 bg-slate-50 pt-4 pb-1 dark:bg-slate-950">
          <SortableContext items={lists.map((list) => list._id)} strategy={horizontalListSortingStrategy}>
            {lists.map((list) => {
              const cells = rows.map(({ laneId }) => cardsOf(list._id, laneId));
              const total = cells.reduce((sum, cards) => sum + countCards(cards), 0);
              const count = cells.reduce((sum, cards) => sum + countCards(cards, shown), 0);
              return <GridListHeader key={list._id} list={list} count={count} total={total} />;
            })}
          </SortableContext>
          <AddListForm boardId={boardId} />
        </div>
        {visible.map(({ laneId, lane }) => (
          <LaneRow
            key={laneKey(laneId)}
            laneId={laneId}
            lane={lane}
            index={lane ? lanes.indexOf(lane) : -1}
            laneCount={lanes.length}
            lists={lists}
            cardsOf={cardsOf}
            shown={shown}
            onOpenCard={onOpenCard}
            collapsed={collapsed.includes(laneKey(laneId))}
            onToggle={() => toggle(laneKey(laneId))}
          />
        ))}
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="sticky left-0 flex w-fit items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white/50 px-4 py-2 text-sm font-medium text-slate-600 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900/40 dark:text-slate-300 dark:hover:text-indigo-300"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('board.lanes.add')}
        </button>
      </div>
      {adding && <LaneTitleDialog boardId={boardId} onClose={() => setAdding(false)} />}
    </div>
  );
}
