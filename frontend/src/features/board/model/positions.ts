/** The browser's optimistic changes of order; the board model itself lives in @papan/shared. */
import {
  findCard,
  findList,
  positionBetween,
  type CompactBoardDetail,
  type CompactList,
} from '@papan/shared';

/** Moves a card to index `toIndex` of list `toListId` and gives it a position between its neighbours. */
export function moveCardTo(
  board: CompactBoardDetail,
  cardId: string,
  toListId: string,
  toIndex: number,
): boolean {
  const found = findCard(board, cardId);
  const target = findList(board, toListId);
  if (!found || !target) return false;
  const [card] = found.list.cards.splice(found.index, 1);
  const index = Math.max(0, Math.min(toIndex, target.cards.length));
  card!.position = positionBetween(target.cards[index - 1]?.position, target.cards[index]?.position);
  target.cards.splice(index, 0, card!);
  return true;
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
