import { useDroppable } from '@dnd-kit/core';
import type { CompactCard as Card, CompactList as List } from '@papan/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cellId, type LaneId } from '../../model/lanes';
import { AddCardForm } from '../add-card-form';
import { LIST_WIDTH } from '../list-width';
import { SortableCards } from '../sortable-cards';

interface LaneCellProps {
  list: List;
  laneId: LaneId;
  laneTitle: string;
  /** The cell's cards, in the list's order (during a drag, the order being dragged into). */
  cards: Card[];
  onOpenCard: (cardId: string) => void;
  /** The board filter's predicate, when one is on: the others stay mounted, hidden. */
  shown: ((card: Card) => boolean) | null;
}

/**
 * One list's cards in one lane (docs/lanes.md): a drop target of its own, so a card dragged by
 * mouse, finger or keyboard lands in this list and this lane.
 */
export const LaneCell = memo(function LaneCell({
  list,
  laneId,
  laneTitle,
  cards,
  onOpenCard,
  shown,
}: LaneCellProps) {
  const { t } = useTranslation();
  const id = cellId(list._id, laneId);
  const { setNodeRef, isOver } = useDroppable({ id, data: { type: 'cell', listId: list._id, laneId } });
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={t('board.lanes.cell', { list: list.title, lane: laneTitle })}
      data-list-id={list._id}
      data-lane-id={laneId ?? ''}
      className={`flex ${LIST_WIDTH} shrink-0 flex-col rounded-2xl border bg-slate-100/90 dark:bg-slate-900/90 ${isOver ? 'border-indigo-400 dark:border-indigo-500' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <SortableCards
        id={id}
        listId={list._id}
        cards={cards}
        onOpenCard={onOpenCard}
        shown={shown}
        className="flex min-h-4 flex-col gap-2 px-2 pt-2"
      />
      <AddCardForm listId={list._id} laneId={laneId} />
    </div>
  );
});
