/** The browser's optimistic changes of order; the board model itself lives in @papan/shared. */
import {
  findCard,
  findList,
  positionBetween,
  type CompactBoardDetail,
  type CompactCard,
  type CompactList,
} from '@papan/shared';
import { laneOf, type LaneId } from './lanes';

/**
 * Moves a card to index `toIndex` of list `toListId` and gives it a position between its neighbours.
 * With `toLaneId` (a lane, or null for the default lane) the card also changes lanes and `toIndex`
 * is its index among that cell's cards, the card itself left out (docs/lanes.md).
 */
export function moveCardTo(
  board: CompactBoardDetail,
  cardId: string,
  toListId: string,
  toIndex: number,
  toLaneId?: LaneId,
): boolean {
  const found = findCard(board, cardId);
  const target = findList(board, toListId);
  if (!found || !target) return false;
  const [card] = found.list.cards.splice(found.index, 1);
  const index =
    toLaneId === undefined
      ? clamp(toIndex, target.cards.length)
      : listIndex(board, target, toLaneId, toIndex);
  card!.position = positionBetween(target.cards[index - 1]?.position, target.cards[index]?.position);
  target.cards.splice(index, 0, card!);
  if (toLaneId !== undefined) setLane(card!, toLaneId);
  return true;
}

/** The card is already at that place (of its list, or with `toLaneId` of that cell): no move. */
export function isSamePlace(
  board: CompactBoardDetail,
  cardId: string,
  toListId: string,
  toIndex: number,
  toLaneId?: LaneId,
): boolean {
  const found = findCard(board, cardId);
  if (!found || found.list._id !== toListId) return false;
  if (toLaneId === undefined) return found.index === toIndex;
  const known = new Set(board.lanes.map((lane) => lane._id));
  const laneId = laneOf(found.card, known);
  return laneId === toLaneId && cellOf(found.list, laneId, known).indexOf(found.card) === toIndex;
}

const cellOf = (list: CompactList, laneId: LaneId, known: ReadonlySet<string>) =>
  list.cards.filter((card) => laneOf(card, known) === laneId);

/** Where a card sent to place `cellIndex` of a cell lands in its list's one order of cards. */
function listIndex(board: CompactBoardDetail, list: CompactList, laneId: LaneId, cellIndex: number): number {
  const cell = cellOf(list, laneId, new Set(board.lanes.map((lane) => lane._id)));
  const index = clamp(cellIndex, cell.length);
  // Before the cell's card now at that place; after its last card; in an empty cell, last.
  if (cell[index]) return list.cards.indexOf(cell[index]);
  if (cell.length) return list.cards.indexOf(cell[cell.length - 1]!) + 1;
  return list.cards.length;
}

/**
 * Puts a card back where it was before a refused move: its list, position and lane (the move's
 * undo, so the card is back at once; docs/lanes.md).
 */
export function putCardBack(
  board: CompactBoardDetail,
  cardId: string,
  { listId, position, laneId }: { listId: string; position: number; laneId: LaneId },
): void {
  const found = findCard(board, cardId);
  const target = findList(board, listId);
  if (!found || !target) return;
  const [card] = found.list.cards.splice(found.index, 1);
  card!.position = position;
  setLane(card!, laneId);
  const index = target.cards.findIndex((other) => other.position > position);
  target.cards.splice(index < 0 ? target.cards.length : index, 0, card!);
}

const clamp = (index: number, length: number) => Math.max(0, Math.min(index, length));

/** A compact card carries `laneId` only when it is in a lane (docs/api.md, `?view=compact`). */
function setLane(card: CompactCard, laneId: LaneId): void {
  if (laneId) card.laneId = laneId;
  else delete card.laneId;
}

/** Orders the lists as `listIds` says; the moved ones get positions between their new neighbours. */
export function orderLists(board: CompactBoardDetail, listIds: string[]): void {
  const byId = new Map(board.lists.map((list) => [list._id, list]));
  const ordered = listIds.map((id) => byId.get(id)).filter((list): list is CompactList => !!list);
  const rest = board.lists.filter((list) => !listIds.includes(list._id));
  board.lists = [...ordered, ...rest];
  board.lists.forEach((list, index, all) => {
    const before = all[index - 1]?.position;
    if (before !== undefined && list.position <= before)
      list.position = positionBetween(
        before,
        all.slice(index + 1).find((l) => l.position > before)?.position,
      );
  });
}
