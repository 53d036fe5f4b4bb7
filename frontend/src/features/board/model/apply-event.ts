import type {
  BoardDetail,
  BoardEvent,
  Card,
  Checklist,
  ChecklistItem,
  Label,
  List,
  UserRef,
} from '@papan/shared';
import { byPosition, findCard, findList, placeCard } from './positions';

interface CardMoved {
  cardId: string | null;
  cards: { _id: string; listId: string; position: number }[];
}

type Apply = (board: BoardDetail, payload: never, event: BoardEvent) => boolean;

const upsert = <T extends { _id: string }>(items: T[], item: T) => {
  const index = items.findIndex((other) => other._id === item._id);
  if (index >= 0) items[index] = item;
  else items.push(item);
};
const without = <T extends { _id: string }>(items: T[], id: string) =>
  items.filter((item) => item._id !== id);
const checklistOf = (board: BoardDetail, cardId: string, checklistId: string) =>
  findCard(board, cardId)?.card.checklists.find((checklist) => checklist._id === checklistId);

/**
 * How each `board:event` changes the board (ARCHITECTURE §6). Every handler is idempotent, since
 * the user's own changes are already on screen when their event comes back. A handler answers
 * false when it cannot apply the event; the board is then read again.
 */
const handlers: Partial<Record<BoardEvent['type'], Apply>> = {
  'board.updated': (board, payload: Partial<Pick<BoardDetail, 'title' | 'description' | 'linkJoining'>>) => {
    Object.assign(board, payload);
    return true;
  },
  'list.created': (board, list: List) => {
    if (!findList(board, list._id)) board.lists.push({ ...list, cards: list.cards ?? [] });
    board.lists.sort(byPosition);
    return true;
  },
  'list.updated': (board, change: Pick<List, '_id' | 'title' | 'position'>) => {
    const list = findList(board, change._id);
    if (list) Object.assign(list, { title: change.title, position: change.position });
    board.lists.sort(byPosition);
    return !!list;
  },
  'list.deleted': (board, { _id }: { _id: string }) => {
    board.lists = without(board.lists, _id);
    return true;
  },
  'lists.reordered': (board, { lists }: { lists: { _id: string; position: number }[] }) => {
    const positions = new Map(lists.map((list) => [list._id, list.position]));
    board.lists.forEach((list) => (list.position = positions.get(list._id) ?? list.position));
    board.lists.sort(byPosition);
    return true;
  },
  'card.created': (board, card: Card) => placeCard(board, card),
  'card.updated': (board, card: Card) => placeCard(board, card),
  'card.deleted': (board, { _id }: { _id: string }) => {
    const found = findCard(board, _id);
    found?.list.cards.splice(found.index, 1);
    return true;
  },
  'card.copied': (board, copy: Card & { copiedFrom?: string }) => {
    const { copiedFrom, ...card } = copy;
    if (findCard(board, card._id)) return true;
    // Right after the original: the copy's neighbours may have been renumbered with it.
    const original = copiedFrom ? findCard(board, copiedFrom) : null;
    if (!original || original.list._id !== card.listId) return placeCard(board, card);
    original.list.cards.splice(original.index + 1, 0, card);
    return true;
  },
  'card.moved': (board, { cards }: CardMoved) => {
    const touched = new Set<string>();
    for (const change of cards) {
      const found = findCard(board, change._id);
      const target = findList(board, change.listId);
      if (!found || !target) return false;
      touched.add(found.list._id).add(target._id);
      const [card] = found.list.cards.splice(found.index, 1);
      Object.assign(card!, { listId: change.listId, position: change.position });
      target.cards.push(card!);
    }
    board.lists.filter((list) => touched.has(list._id)).forEach((list) => list.cards.sort(byPosition));
    return true;
  },
  'card.labelAdded': (board, { cardId, label }: { cardId: string; label: Label }) => {
    const found = findCard(board, cardId);
    if (found) upsert(found.card.labels, label);
    return !!found;
  },
  'card.labelRemoved': (board, { cardId, labelId }: { cardId: string; labelId: string }) => {
    const found = findCard(board, cardId);
    if (found) found.card.labels = without(found.card.labels, labelId);
    return !!found;
  },
  'label.created': (board, label: Label) => {
    upsert(board.labels, label);
    return true;
  },
  'label.updated': (board, label: Label) => {
    upsert(board.labels, label);
    board.lists.forEach((list) =>
      list.cards.forEach((card) => {
        const index = card.labels.findIndex((other) => other._id === label._id);
        if (index >= 0) card.labels[index] = label;
      }),
    );
    return true;
  },
  'label.deleted': (board, { _id }: { _id: string }) => {
    board.labels = without(board.labels, _id);
    board.lists.forEach((list) => list.cards.forEach((card) => (card.labels = without(card.labels, _id))));
    return true;
  },
  'checklist.created': (board, checklist: Checklist) => {
    const found = findCard(board, checklist.cardId);
    if (found && !found.card.checklists.some((c) => c._id === checklist._id))
      found.card.checklists.push({ ...checklist, items: checklist.items ?? [] });
    return !!found;
  },
  'checklist.updated': (board, checklist: Checklist) => {
    const target = checklistOf(board, checklist.cardId, checklist._id);
    if (target) target.title = checklist.title;
    return !!target;
  },
  'checklist.deleted': (board, { _id, cardId }: { _id: string; cardId: string }) => {
    const found = findCard(board, cardId);
    if (found) found.card.checklists = without(found.card.checklists, _id);
    return true;
  },
  'checklistItem.created': (board, item: ChecklistItem & { cardId: string }) => upsertItem(board, item),
  'checklistItem.updated': (board, item: ChecklistItem & { cardId: string }) => upsertItem(board, item),
  'checklistItem.deleted': (board, item: { _id: string; checklistId: string; cardId: string }) => {
    const target = checklistOf(board, item.cardId, item.checklistId);
    if (target) target.items = without(target.items, item._id);
    return true;
  },
  // Comments are not part of the board read; the open card's comment list follows them itself.
  'comment.created': () => true,
  'comment.updated': () => true,
  'comment.deleted': () => true,
  'member.added': (board, member: UserRef) => {
    upsert(board.members, member);
    return true;
  },
  'member.invited': () => true,
};

function upsertItem(board: BoardDetail, { cardId, ...item }: ChecklistItem & { cardId: string }): boolean {
  const target = checklistOf(board, cardId, item.checklistId);
  if (target) upsert(target.items, item);
  return !!target;
}

/** Applies one event to a draft of the board; false means "read the whole board again". */
export function applyEvent(board: BoardDetail, event: BoardEvent): boolean {
  const handler = handlers[event.type];
  return handler ? handler(board, event.payload as never, event) : false;
}
