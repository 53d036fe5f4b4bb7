import type { CompactCard as Card, CompactList as List, Lane } from '@papan/shared';
import { useMemo } from 'react';
import { cellId, laneKey, laneOf, laneRows, type LaneId } from '../model/lanes';
import type { DragOrder } from './use-board-dnd';

type Cells = Record<string, Card[]>;

/**
 * Each list's cards by lane, kept while the list and the lanes stay the same objects (the store
 * changes only what an event touches), so a cell of an untouched list keeps its cards array and
 * is not drawn again.
 */
const byList = new WeakMap<List, { lanes: Lane[]; cells: Cells }>();

function cellsOf(list: List, lanes: Lane[]): Cells {
  const kept = byList.get(list);
  if (kept?.lanes === lanes) return kept.cells;
  const known = new Set(lanes.map((lane) => lane._id));
  const cells: Cells = Object.fromEntries(laneRows(lanes).map(({ laneId }) => [laneKey(laneId), []]));
  for (const card of list.cards) cells[laneKey(laneOf(card, known))]!.push(card);
  byList.set(list, { lanes, cells });
  return cells;
}

const NONE: Card[] = [];

/** A drag changes two cells at a time; the others keep their id arrays, and so their cards. */
const dragCells = new WeakMap<string[], { from: Map<string, Card>; cards: Card[] }>();

function cardsOfIds(ids: string[], cardsById: Map<string, Card>): Card[] {
  const kept = dragCells.get(ids);
  if (kept?.from === cardsById) return kept.cards;
  const cards = ids.map((id) => cardsById.get(id)).filter((card): card is Card => !!card);
  dragCells.set(ids, { from: cardsById, cards });
  return cards;
}

/**
 * The cards of a cell (docs/lanes.md): while a card is dragged, as the drag has placed them;
 * otherwise the list's cards of that lane, in the list's order.
 */
export function useLaneCells(lists: List[], lanes: Lane[], order: DragOrder | null) {
  const dragging = order !== null;
  const cardsById = useMemo(
    () =>
      dragging ? new Map(lists.flatMap((list) => list.cards.map((card) => [card._id, card] as const))) : null,
    [dragging, lists],
  );
  return useMemo(() => {
    const byId = new Map(lists.map((list) => [list._id, list]));
    return (listId: string, laneId: LaneId): Card[] => {
      const ids = order?.[cellId(listId, laneId)];
      if (ids && cardsById) return cardsOfIds(ids, cardsById);
      const list = byId.get(listId);
      return (list && cellsOf(list, lanes)[laneKey(laneId)]) ?? NONE;
    };
  }, [lists, lanes, order, cardsById]);
}
