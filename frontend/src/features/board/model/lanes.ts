/**
 * Swimlanes on the board screen (docs/lanes.md): a board with lanes is a grid of cells, one per
 * list and lane. Cards keep one order per list; a cell shows its list's cards of its lane in that
 * order. Cards without a lane are in the default lane (null), drawn as the first row.
 */
import type { CompactCard, CompactList, Lane } from '@papan/shared';

/** A lane's id, or null for the default lane. */
export type LaneId = string | null;

/** The default lane's name in the filter's address and in the remembered collapsed lanes. */
export const DEFAULT_LANE_KEY = 'none';

export const laneKey = (laneId: LaneId) => laneId ?? DEFAULT_LANE_KEY;

/** The card's lane: a lane the board has, else the default lane. */
export function laneOf(card: CompactCard, lanes?: ReadonlySet<string>): LaneId {
  const laneId = card.laneId ?? null;
  return laneId && (!lanes || lanes.has(laneId)) ? laneId : null;
}

/** The rows of the grid: the default lane first, then the board's lanes in order. */
export function laneRows(lanes: Lane[]): { laneId: LaneId; lane: Lane | null }[] {
  return [{ laneId: null, lane: null }, ...lanes.map((lane) => ({ laneId: lane._id, lane }))];
}

const CELL = 'cell:';

/** The drop target id of the cell of `listId` in `laneId`. */
export const cellId = (listId: string, laneId: LaneId) => `${CELL}${listId}:${laneKey(laneId)}`;

/** The list and lane of a cell's drop target id; null for any other id. */
export function parseCellId(id: string): { listId: string; laneId: LaneId } | null {
  if (!id.startsWith(CELL)) return null;
  const [listId, lane] = id.slice(CELL.length).split(':');
  if (!listId || !lane) return null;
  return { listId, laneId: lane === DEFAULT_LANE_KEY ? null : lane };
}

/** The card ids of every cell, in each list's order (what a drag in the grid starts from). */
export function cellOrder(lists: CompactList[], lanes: Lane[]): Record<string, string[]> {
  const known = new Set(lanes.map((lane) => lane._id));
  const order: Record<string, string[]> = {};
  for (const list of lists) {
    for (const { laneId } of laneRows(lanes)) order[cellId(list._id, laneId)] = [];
    for (const card of list.cards) order[cellId(list._id, laneOf(card, known))]!.push(card._id);
  }
  return order;
}
