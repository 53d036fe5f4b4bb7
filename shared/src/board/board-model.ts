import type { CompactBoardDetail, CompactCard, CompactList } from './compact-board';

/** Lists and cards sort by their position (docs/decisions.md, "Positions as gap floats"). */
export function byPosition<T extends { position: number }>(a: T, b: T): number {
  return a.position - b.position;
}

export interface CardLocation {
  list: CompactList;
  listIndex: number;
  index: number;
  card: CompactCard;
}

/** Where a card is on the board, or null. */
export function findCard(board: CompactBoardDetail, cardId: string): CardLocation | null {
  for (const [listIndex, list] of board.lists.entries()) {
    const index = list.cards.findIndex((card) => card._id === cardId);
    if (index >= 0) return { list, listIndex, index, card: list.cards[index]! };
  }
  return null;
}

export function findList(board: CompactBoardDetail, listId: string): CompactList | undefined {
  return board.lists.find((list) => list._id === listId);
}

/** Puts `card` into list `listId` at the place its position says, replacing a card with the same id. */
export function placeCard(board: CompactBoardDetail, card: CompactCard, listId: string): boolean {
  const found = findCard(board, card._id);
  if (found) found.list.cards.splice(found.index, 1);
  const list = findList(board, listId);
  if (!list) return false;
  const at = list.cards.findIndex((other) => other.position > card.position);
  list.cards.splice(at < 0 ? list.cards.length : at, 0, card);
  return true;
}
