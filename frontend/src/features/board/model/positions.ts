import type { BoardDetail, Card, List } from '@papan/shared';

const GAP = 1024;

/**
 * A position between two neighbours, as the server places things (midpoint; last + 1024 at the end;
 * 1024 alone). Used for optimistic moves, so that sorting by position agrees with what the user sees
 * until the server's own numbers arrive with the event.
 */
export function positionBetween(before?: number, after?: number): number {
  if (before !== undefined && after !== undefined) return (before + after) / 2;
  if (before !== undefined) return before + GAP;
  if (after !== undefined) return after > 0 ? after / 2 : after - GAP;
  return GAP;
}

export function byPosition<T extends { position: number }>(a: T, b: T): number {
  return a.position - b.position;
}

export interface CardLocation {
  list: List;
  listIndex: number;
  index: number;
  card: Card;
}

/** Where a card is on the board, or null. */
export function findCard(board: BoardDetail, cardId: string): CardLocation | null {
  for (const [listIndex, list] of board.lists.entries()) {
    const index = list.cards.findIndex((card) => card._id === cardId);
    if (index >= 0) return { list, listIndex, index, card: list.cards[index]! };
  }
  return null;
}

export function findList(board: BoardDetail, listId: string): List | undefined {
  return board.lists.find((list) => list._id === listId);
}

/** Puts `card` into its list at the place its position says, replacing a card with the same id. */
export function placeCard(board: BoardDetail, card: Card): boolean {
  const found = findCard(board, card._id);
  if (found) found.list.cards.splice(found.index, 1);
  const list = findList(board, card.listId);
  if (!list) return false;
  const at = list.cards.findIndex((other) => other.position > card.position);
  list.cards.splice(at < 0 ? list.cards.length : at, 0, card);
  return true;
}

/** Moves a card to index `toIndex` of list `toListId` and gives it a position between its neighbours. */
export function moveCardTo(board: BoardDetail, cardId: string, toListId: string, toIndex: number): boolean {
  const found = findCard(board, cardId);
  const target = findList(board, toListId);
  if (!found || !target) return false;
  const [card] = found.list.cards.splice(found.index, 1);
  const index = Math.max(0, Math.min(toIndex, target.cards.length));
  card!.listId = toListId;
  card!.position = positionBetween(target.cards[index - 1]?.position, target.cards[index]?.position);
  target.cards.splice(index, 0, card!);
  return true;
}

/** Orders the lists as `listIds` says; the moved ones get positions between their new neighbours. */
export function orderLists(board: BoardDetail, listIds: string[]): void {
  const byId = new Map(board.lists.map((list) => [list._id, list]));
  const ordered = listIds.map((id) => byId.get(id)).filter((list): list is List => !!list);
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

/** A card as a call answered it: replaced where it is, unless the server says it is in another list. */
export function replaceCard(board: BoardDetail, card: Card): void {
  const found = findCard(board, card._id);
  if (!found || found.list._id !== card.listId) {
    placeCard(board, card);
    return;
  }
  found.list.cards[found.index] = { ...card, position: found.card.position };
}
