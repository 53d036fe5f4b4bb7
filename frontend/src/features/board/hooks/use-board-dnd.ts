import {
  closestCenter,
  closestCorners,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showRefusal } from '../components/refusal-toast';
import { cellOrder, parseCellId } from '../model/lanes';
import { useBoardStore } from '../store';

export type DragKind = 'card' | 'list' | 'cell';
/**
 * The card ids of each container while a card is being dragged (the store changes only on drop):
 * of each list, or on a board with lanes of each cell (docs/lanes.md).
 */
export type DragOrder = Record<string, string[]>;

export const kindOf = (item: { data: { current?: { type?: DragKind } | null } } | null | undefined) =>
  item?.data.current?.type;

/**
 * Lists only collide with lists; a card prefers the card under it, else the container under it: the
 * list, or on a board with lanes the cell (list headers there hold no cards).
 */
export const boardCollisions: CollisionDetection = (args) => {
  const only = (type: DragKind) => args.droppableContainers.filter((c) => kindOf(c) === type);
  if (kindOf(args.active) === 'list') return closestCenter({ ...args, droppableContainers: only('list') });
  const cells = only('cell');
  const containers = cells.length ? cells : only('list');
  const candidates = { ...args, droppableContainers: [...only('card'), ...containers] };
  const hits = args.pointerCoordinates ? pointerWithin(candidates) : rectIntersection(candidates);
  const cards = hits.filter(
    (hit) => kindOf(args.droppableContainers.find((c) => c.id === hit.id)) === 'card',
  );
  if (cards.length)
    return closestCorners({
      ...args,
      droppableContainers: only('card').filter((c) => cards.some((h) => h.id === c.id)),
    });
  return hits.length ? hits : closestCorners({ ...args, droppableContainers: containers });
};

export function containerOf(order: DragOrder, id: string): string | undefined {
  if (id in order) return id;
  return Object.keys(order).find((container) => order[container]!.includes(id));
}

/**
 * Drag state and handlers for the board: cards between lists (on a board with lanes, between
 * cells), lists along the board. A refused move's reason is shown (docs/lanes.md).
 */
export function useBoardDnd() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<DragOrder | null>(null);
  const [active, setActive] = useState<{ id: string; type: DragKind } | null>(null);

  function onDragStart({ active: item }: DragStartEvent) {
    const type = kindOf(item) ?? 'card';
    setActive({ id: String(item.id), type });
    const board = useBoardStore.getState().board;
    if (type === 'card' && board)
      setOrder(
        board.lanes.length
          ? cellOrder(board.lists, board.lanes)
          : Object.fromEntries(board.lists.map((list) => [list._id, list.cards.map((c) => c._id)])),
      );
  }

  function onDragOver({ active: item, over }: DragOverEvent) {
    if (!order || !over || kindOf(item) !== 'card') return;
    const id = String(item.id);
    const from = containerOf(order, id);
    const to = containerOf(order, String(over.id));
    if (!from || !to || from === to) return;
    const target = order[to]!;
    let index = target.length;
    if (kindOf(over) === 'card') {
      const translated = item.rect.current.translated;
      const below = translated && translated.top > over.rect.top + over.rect.height / 2;
      index = target.indexOf(String(over.id)) + (below ? 1 : 0);
    }
    setOrder({
      ...order,
      [from]: order[from]!.filter((other) => other !== id),
      [to]: [...target.slice(0, index), id, ...target.slice(index)],
    });
  }

  function onDragEnd({ active: item, over }: DragEndEvent) {
    const store = useBoardStore.getState();
    const id = String(item.id);
    if (kindOf(item) === 'list' && over && store.board) {
      const ids = store.board.lists.map((list) => list._id);
      const from = ids.indexOf(id);
      const to = ids.indexOf(String(over.id));
      if (from >= 0 && to >= 0 && from !== to) void store.reorderLists(arrayMove(ids, from, to));
    } else if (order && over) {
      const container = containerOf(order, id);
      const cards = container ? order[container]! : [];
      let index = cards.indexOf(id);
      if (kindOf(over) === 'card' && cards.includes(String(over.id))) index = cards.indexOf(String(over.id));
      const cell = container ? parseCellId(container) : null;
      const listId = cell?.listId ?? container;
      if (listId && index >= 0)
        store
          .moveCard(id, listId, index, cell ? cell.laneId : undefined)
          .catch((error: unknown) => showRefusal(t, error, listId));
    }
    setOrder(null);
    setActive(null);
  }

  function onDragCancel() {
    setOrder(null);
    setActive(null);
  }

  return { order, active, handlers: { onDragStart, onDragOver, onDragEnd, onDragCancel } };
}
