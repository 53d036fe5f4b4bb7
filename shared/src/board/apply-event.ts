import type { BoardEvent, BoardEventPayloads, BoardEventType } from '../events/socket-events';
import type { BoardDetail, ChecklistItem } from '../schemas/board.schema';
import { byPosition, findCard, findList, placeCard } from './board-model';

type Handlers = { [K in BoardEventType]: (board: BoardDetail, payload: BoardEventPayloads[K]) => boolean };

const upsert = <T extends { _id: string }>(items: T[], item: T) => {
  const index = items.findIndex((other) => other._id === item._id);
  if (index >= 0) items[index] = item;
  else items.push(item);
};
const without = <T extends { _id: string }>(items: T[], id: string) =>
  items.filter((item) => item._id !== id);
const checklistOf = (board: BoardDetail, cardId: string, checklistId: string) =>
  findCard(board, cardId)?.card.checklists.find((checklist) => checklist._id === checklistId);
/** The reader must read the board again: what the event changes is not in the event. */
const readAgain = () => false;

/**
 * How each board event changes a board read (ARCHITECTURE §6), in one place: the browser's store
 * and the server's tests apply events with it. Every handler is idempotent, since the user's own
 * changes are already on screen when their event comes back. A handler answers false when it
 * cannot apply the event; the board is then read again. Every type has a handler: a new event type
 * does not compile until it says what it does to a board.
 */
const handlers: Handlers = {
  'board.created': readAgain,
  'board.updated': (board, change) => {
    Object.assign(board, change);
    return true;
  },
  // Archiving takes the board off lists and pins; the reader's board read says how it looks now.
  'board.archived': readAgain,
  'board.unarchived': readAgain,
  'board.deleted': readAgain,
  'list.created': (board, list) => {
    if (!findList(board, list._id)) board.lists.push({ ...list, cards: list.cards ?? [] });
    board.lists.sort(byPosition);
    return true;
  },
  'list.updated': (board, change) => {
    const list = findList(board, change._id);
    if (list) Object.assign(list, { title: change.title, position: change.position });
    board.lists.sort(byPosition);
    return !!list;
  },
  'list.deleted': (board, { _id }) => {
    board.lists = without(board.lists, _id);
    return true;
  },
  'lists.reordered': (board, { lists }) => {
    const positions = new Map(lists.map((list) => [list._id, list.position]));
    board.lists.forEach((list) => (list.position = positions.get(list._id) ?? list.position));
    board.lists.sort(byPosition);
    return true;
  },
  'card.created': (board, card) => placeCard(board, card),
  'card.updated': (board, card) => placeCard(board, card),
  'card.deleted': (board, { _id }) => {
    const found = findCard(board, _id);
    found?.list.cards.splice(found.index, 1);
    return true;
  },
  'card.copied': (board, { copiedFrom, ...card }) => {
    if (findCard(board, card._id)) return true;
    // Right after the original: the copy's neighbours may have been renumbered with it.
    const original = findCard(board, copiedFrom);
    if (!original || original.list._id !== card.listId) return placeCard(board, card);
    original.list.cards.splice(original.index + 1, 0, card);
    return true;
  },
  'card.moved': (board, { cards }) => {
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
  'card.labelAdded': (board, { cardId, label }) => {
    const found = findCard(board, cardId);
    if (found) upsert(found.card.labels, label);
    return !!found;
  },
  'card.labelRemoved': (board, { cardId, labelId }) => {
    const found = findCard(board, cardId);
    if (found) found.card.labels = without(found.card.labels, labelId);
    return !!found;
  },
  'label.created': (board, label) => {
    upsert(board.labels, label);
    return true;
  },
  'label.updated': (board, label) => {
    upsert(board.labels, label);
    board.lists.forEach((list) =>
      list.cards.forEach((card) => {
        const index = card.labels.findIndex((other) => other._id === label._id);
        if (index >= 0) card.labels[index] = label;
      }),
    );
    return true;
  },
  'label.deleted': (board, { _id }) => {
    board.labels = without(board.labels, _id);
    board.lists.forEach((list) => list.cards.forEach((card) => (card.labels = without(card.labels, _id))));
    return true;
  },
  'checklist.created': (board, checklist) => {
    const found = findCard(board, checklist.cardId);
    if (found && !found.card.checklists.some((c) => c._id === checklist._id))
      found.card.checklists.push({ ...checklist, items: checklist.items ?? [] });
    return !!found;
  },
  'checklist.updated': (board, checklist) => {
    const target = checklistOf(board, checklist.cardId, checklist._id);
    if (target) target.title = checklist.title;
    return !!target;
  },
  'checklist.deleted': (board, { _id, cardId }) => {
    const found = findCard(board, cardId);
    if (found) found.card.checklists = without(found.card.checklists, _id);
    return true;
  },
  'checklistItem.created': (board, item) => upsertItem(board, item),
  'checklistItem.updated': (board, item) => upsertItem(board, item),
  'checklistItem.deleted': (board, item) => {
    const target = checklistOf(board, item.cardId, item.checklistId);
    if (target) target.items = without(target.items, item._id);
    return true;
  },
  // Comments are not part of the board read; the open card's comment list follows them itself.
  'comment.created': () => true,
  'comment.updated': () => true,
  'comment.deleted': () => true,
  'member.added': (board, member) => {
    upsert(board.members, member);
    return true;
  },
  'member.invited': () => true,
  // Off the members at once; the board is also read again, which for the removed person answers 403.
  'member.removed': (board, { userId }) => {
    board.members = board.members.filter((member) => member._id !== userId);
    return false;
  },
};

function upsertItem(board: BoardDetail, { cardId, ...item }: ChecklistItem & { cardId: string }): boolean {
  const target = checklistOf(board, cardId, item.checklistId);
  if (target) upsert(target.items, item);
  return !!target;
}

/** Applies one event to a board (or an immer draft of one); false means "read the whole board again". */
export function applyEvent(board: BoardDetail, event: BoardEvent): boolean {
  const handler = handlers[event.type] as (board: BoardDetail, payload: BoardEvent['payload']) => boolean;
  return handler(board, event.payload);
}
