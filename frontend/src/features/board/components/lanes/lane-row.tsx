import type { CompactCard as Card, CompactList as List, Lane } from '@papan/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaneId } from '../../model/lanes';
import { countCards } from '../../model/wip';
import { LaneCell } from './lane-cell';
import { LaneHeader } from './lane-header';

interface LaneRowProps {
  laneId: LaneId;
  /** The lane, or null for the default lane. */
  lane: Lane | null;
  /** Its place among the board's lanes (the default lane is not one of them). */
  index: number;
  laneCount: number;
  lists: List[];
  cardsOf: (listId: string, laneId: LaneId) => Card[];
  shown: ((card: Card) => boolean) | null;
  onOpenCard: (cardId: string) => void;
  collapsed: boolean;
  onToggle: () => void;
}

/** A row of the grid: the lane's title bar, then a cell per list unless it is collapsed (docs/lanes.md). */
export function LaneRow({ laneId, lane, lists, cardsOf, shown, collapsed, ...rest }: LaneRowProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const cellsId = useId();
  const title = lane?.title ?? t('board.lanes.default');
  const cells = lists.map((list) => cardsOf(list._id, laneId));
  const count = cells.reduce((sum, cards) => sum + countCards(cards, shown), 0);
  return (
    <section aria-labelledby={headingId} data-lane-row={laneId ?? ''} className="flex flex-col gap-2">
      <LaneHeader
        lane={lane}
        title={title}
        headingId={headingId}
        cellsId={cellsId}
        collapsed={collapsed}
        onToggle={rest.onToggle}
        count={count}
        index={rest.index}
        laneCount={rest.laneCount}
      />
      {!collapsed && (
        <div id={cellsId} className="flex items-start gap-4">
          {lists.map((list, i) => (
            <LaneCell
              key={list._id}
              list={list}
              laneId={laneId}
              laneTitle={title}
              cards={cells[i]!}
              shown={shown}
              onOpenCard={rest.onOpenCard}
            />
          ))}
        </div>
      )}
    </section>
  );
}
