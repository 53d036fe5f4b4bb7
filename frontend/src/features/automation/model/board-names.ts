import type { CompactBoardDetail } from '@papan/shared';

/** What the panel needs of the board: the names a rule's ids stand for, and the choices it offers. */
export type AutomationBoard = Pick<CompactBoardDetail, '_id' | 'ownerId' | 'members' | 'labels' | 'lists'>;

export interface BoardNames {
  list: (id: string) => string | undefined;
  label: (id: string) => string | undefined;
  person: (id: string) => string | undefined;
  card: (id: string) => string | undefined;
}

/** Looks up the board's lists, labels, members and cards by id (undefined once deleted). */
export function boardNames(board: AutomationBoard): BoardNames {
  const lists = new Map(board.lists.map((list) => [list._id, list.title]));
  const labels = new Map(board.labels.map((label) => [label._id, label.name || label.color]));
  const people = new Map(board.members.map((member) => [member._id, member.name]));
  let cards: Map<string, string> | null = null;
  return {
    list: (id) => lists.get(id),
    label: (id) => labels.get(id),
    person: (id) => people.get(id),
    // Built on first use: only a preview asks.
    card: (id) => {
      cards ??= new Map(board.lists.flatMap((list) => list.cards.map((card) => [card._id, card.title])));
      return cards.get(id);
    },
  };
}
