import { DndContext, DragOverlay } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { CompactCard as Card, CompactList as List, Lane } from '@papan/shared';
import { useMemo } from 'react';
import { useBoardSensors } from '../hooks/dnd-sensors';
import { useCardFilter } from '../hooks/use-card-filter';
import { cardMatcher, isFiltering } from '../model/card-filter';
import { boardCollisions, useBoardDnd } from '../hooks/use-board-dnd';
import { useDndAnnouncements } from '../hooks/use-dnd-announcements';
import { useLaneCells } from '../hooks/use-lane-cells';
import { useBoardStore } from '../store';
import { AddListForm } from './add-list-form';
import { BoardList } from './board-list';
import { CardFace } from './card-face';
import { CardFaceProvider } from './card-face-context';
import { cardClass } from './sortable-card';
import { LaneGrid } from './lanes/lane-grid';
import { LIST_WIDTH } from './list-width';

const NO_LISTS: List[] = [];
const NO_LANES: Lane[] = [];
const AUTO_SCROLL = { layoutShiftCompensation: false } as const;

/**
 * The horizontally scrolling row of lists, or on a board with lanes the grid of lanes and lists
 * (docs/lanes.md), with drag and drop for cards and lists.
 */
export function BoardCanvas({ boardId, onOpenCard }: { boardId: string; onOpenCard: (id: string) => void }) {
  const lists = useBoardStore((state) => state.board?.lists ?? NO_LISTS);
  const lanes = useBoardStore((state) => state.board?.lanes ?? NO_LANES);
  const sensors = useBoardSensors();
  const { order, active, handlers } = useBoardDnd();
  const accessibility = useDndAnnouncements(order);
  const cardsById = useMemo(() => {
    if (!order || lanes.length) return null;
    return new Map(lists.flatMap((list) => list.cards.map((card) => [card._id, card] as const)));
  }, [order, lists, lanes]);
  const cellCards = useLaneCells(lists, lanes, lanes.length ? order : null);
  const activeCard = active?.type === 'card' ? findCardIn(lists, active.id) : undefined;
  const activeList = active?.type === 'list' ? lists.find((list) => list._id === active.id) : undefined;
  const { filter } = useCardFilter();
  // Cards the filter hides stay in the lists and the drag order (a card dropped next to a shown one
  // lands right beside it), only hidden.
  const fields = useBoardStore((state) => state.board?.fields);
  const shown = useMemo(() => (isFiltering(filter) ? cardMatcher(filter, fields) : null), [filter, fields]);
  const cardsOf = (list: List): Card[] =>
    order && cardsById
      ? (order[list._id] ?? []).map((id) => cardsById.get(id)).filter((c): c is Card => !!c)
      : list.cards;

  return (
    <CardFaceProvider>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisions}
        accessibility={accessibility}
        // A card dragged into another list or cell is drawn there anew, and joins drag and drop
        // again once seen (sortable-card.tsx); dnd-kit would take that for a layout shift and
        // scroll the board by the distance moved (seen on the lanes grid, docs/lanes.md).
        autoScroll={AUTO_SCROLL}
        {...handlers}
      >
        {lanes.length ? (
          <LaneGrid
            boardId={boardId}
            lists={lists}
            lanes={lanes}
            cardsOf={cellCards}
            shown={shown}
            onOpenCard={onOpenCard}
          />
        ) : (
          <div className="flex min-h-0 flex-1 items-start gap-4 overflow-x-auto p-4 sm:px-6 lg:px-8">
            <SortableContext items={lists.map((list) => list._id)} strategy={horizontalListSortingStrategy}>
              {lists.map((list) => (
                <BoardList
                  key={list._id}
                  list={list}
                  cards={cardsOf(list)}
                  shown={shown}
                  onOpenCard={onOpenCard}
                />
              ))}
            </SortableContext>
            <AddListForm boardId={boardId} />
          </div>
        )}
        <DragOverlay>
          {activeCard && (
            <div className={`${cardClass} w-76 rotate-2 cursor-grabbing shadow-xl`}>
              <CardFace card={activeCard} />
            </div>
          )}
          {activeList && (
            <div
              className={`${LIST_WIDTH} rotate-1 cursor-grabbing rounded-2xl border border-indigo-300 bg-slate-100 px-4 py-3 text-sm font-semibold shadow-xl dark:bg-slate-900`}
            >
              {activeList.title}
            </div>
          )}
        </DragOverlay>
      </DndContext>
    </CardFaceProvider>
  );
}

function findCardIn(lists: List[], cardId: string): Card | undefined {
  for (const list of lists) {
    const card = list.cards.find((other) => other._id === cardId);
    if (card) return card;
  }
  return undefined;
}
