import type { BoardEvent, BoardEventPayloads, BoardEventType } from '../events/socket-events';
import { byPosition, findCard, findList, placeCard } from './board-model';
import { toCompactCard, totalsOf, type ChecklistTotals, type CompactBoardDetail } from './compact-board';
import type { BoardField, FieldValue } from '../schemas/fields.schema';

type Handlers = {
  [K in BoardEventType]: (board: CompactBoardDetail, payload: BoardEventPayloads[K]) => boolean;
};

const upsert = <T extends { _id: string }>(items: T[], item: T) => {
  const index = items.findIndex((other) => other._id === item._id);
  if (index >= 0) items[index] = item;
  else items.push(item);
};
const without = <T extends { _id: string }>(items: T[], id: string) =>
  items.filter((item) => item._id !== id);
const checklistOf = (board: CompactBoardDetail, cardId: string, checklistId: string) =>
  findCard(board, cardId)?.card.checklists.find((checklist) => checklist._id === checklistId);
/** A card's members without one; none is the compact read's "no members". */
const withoutMember = (ids: string[] | undefined, userId: string) => {
  const rest = ids?.filter((id) => id !== userId);
  return rest?.length ? rest : undefined;
};
/** The reader must read the board again: what the event changes is not in the event. */
const readAgain = () => false;

/** An item event: the checklist's totals after it, as the event carries them (else: read again). */
function setTotals(
  board: CompactBoardDetail,
  { cardId, checklistId, progress }: { cardId: string; checklistId: string; progress?: ChecklistTotals },
): boolean {
  const target = checklistOf(board, cardId, checklistId);
  if (target && progress) Object.assign(target, { total: progress.total, done: progress.done });
  return !!target && !!progress;
}

/**
 * How each board event changes a board as the browser holds it, the compact read (docs/realtime.md,
 * "Board event types"; docs/api.md, "GET /api/boards/{id}"), in one place: the browser's store and
 * the server's tests apply events with it. Every handler is idempotent (a card or a checklist's
 * totals are set, not counted), since the user's own changes are already on screen when their event
 * comes back. A handler answers false when it cannot apply the event; the board is then read again.
 * Every type has a handler: a new event type does not compile until it says what it does to a
 * board.
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
  'list.created': (board, { _id, title, position, stage, wipLimit, wipMode, revision, cards }) => {
    if (!findList(board, _id))
      board.lists.push({
        _id,
        title,
        position,
        stage,
        wipLimit,
        wipMode,
        revision,
        cards: (cards ?? []).map(toCompactCard),
      });
    board.lists.sort(byPosition);
    return true;
  },
  'list.updated': (board, change) => {
    const list = findList(board, change._id);
    if (list) {
      const { title, position, stage, wipLimit, wipMode, revision } = change;
      Object.assign(list, { title, position, stage, wipLimit, wipMode, revision });
    }
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
  // The counts are the board's own; the event is for those who watch limits (docs/lanes.md).
  'list.wipExceeded': () => true,
  'lane.created': (board, lane) => {
    upsert(board.lanes, lane);
    board.lanes.sort(byPosition);
    return true;
  },
  'lane.updated': (board, lane) => {
    upsert(board.lanes, lane);
    board.lanes.sort(byPosition);
    return true;
  },
  'lane.deleted': (board, { _id }) => {
    board.lanes = without(board.lanes, _id);
    for (const list of board.lists)
      for (const card of list.cards) if (card.laneId === _id) delete card.laneId;
    return true;
  },
  // Rules are not part of a board read: the Automation panel reads them (docs/automation.md).
  'rule.created': () => true,
  'rule.updated': () => true,
  'rule.deleted': () => true,
  'card.created': (board, card) => placeCard(board, toCompactCard(card), card.listId),
  'card.updated': (board, card) => placeCard(board, toCompactCard(card), card.listId),
  'card.deleted': (board, { _id }) => {
    const found = findCard(board, _id);
    found?.list.cards.splice(found.index, 1);
    return true;
  },
  'card.copied': (board, { copiedFrom, ...card }) => {
    if (findCard(board, card._id)) return true;
    // Right after the original: the copy's neighbours may have been renumbered with it.
    const original = findCard(board, copiedFrom);
    if (!original || original.list._id !== card.listId)
      return placeCard(board, toCompactCard(card), card.listId);
    original.list.cards.splice(original.index + 1, 0, toCompactCard(card));
    return true;
  },
  'card.moved': (board, { cardId, laneId, cards }) => {
    const touched = new Set<string>();
    for (const change of cards) {
      const found = findCard(board, change._id);
      const target = findList(board, change.listId);
      if (!found || !target) return false;
      touched.add(found.list._id).add(target._id);
      const [card] = found.list.cards.splice(found.index, 1);
      card!.position = change.position;
      target.cards.push(card!);
    }
    board.lists.filter((list) => touched.has(list._id)).forEach((list) => list.cards.sort(byPosition));
    const moved = cardId ? findCard(board, cardId) : null;
    if (moved) {
      if (laneId) moved.card.laneId = laneId;
      else delete moved.card.laneId;
    }
    return !cardId || !!moved;
  },
  'card.labelAdded': (board, { cardId, label }) => {
    const found = findCard(board, cardId);
    if (found && !found.card.labels.includes(label._id)) found.card.labels.push(label._id);
    return !!found;
  },
  'card.labelRemoved': (board, { cardId, labelId }) => {
    const found = findCard(board, cardId);
    if (found) found.card.labels = found.card.labels.filter((id) => id !== labelId);
    return !!found;
  },
  'card.memberAdded': (board, { cardId, userId }) => {
    const found = findCard(board, cardId);
    if (found && !found.card.memberIds?.includes(userId))
      found.card.memberIds = [...(found.card.memberIds ?? []), userId];
    return !!found;
  },
  'card.memberRemoved': (board, { cardId, userId }) => {
    const found = findCard(board, cardId);
    if (found) found.card.memberIds = withoutMember(found.card.memberIds, userId);
    return !!found;
  },
  'attachment.added': (board, { cardId, attachmentCount }) => {
    const found = findCard(board, cardId);
    if (found) found.card.attachmentCount = attachmentCount || undefined;
    return !!found;
  },
  'attachment.removed': (board, { cardId, attachmentCount, coverAttachmentId }) => {
    const found = findCard(board, cardId);
    if (found) {
      found.card.attachmentCount = attachmentCount || undefined;
      found.card.coverAttachmentId = coverAttachmentId ?? undefined;
    }
    return true;
  },
  'label.created': (board, label) => {
    upsert(board.labels, label);
    return true;
  },
  // Cards name their labels by id: the board's label is the one place it changes.
  'label.updated': (board, label) => {
    upsert(board.labels, label);
    return true;
  },
  'label.deleted': (board, { _id }) => {
    board.labels = without(board.labels, _id);
    board.lists.forEach((list) =>
      list.cards.forEach((card) => (card.labels = card.labels.filter((id) => id !== _id))),
    );
    return true;
  },
  // docs/fields.md: a field's position is its index among the board's fields, so an update that
  // moves it renumbers the others; values of a deleted field or of a removed select option leave
  // every card here, as they did on the server.
  'field.created': (board, field) => {
    placeField(board, field);
    return true;
  },
  'field.updated': (board, field) => {
    placeField(board, field);
    if (field.type === 'select') {
      const kept = new Set(field.options.map((option) => option._id));
      dropFieldValues(board, field._id, (value) => !kept.has(String(value)));
    }
    return true;
  },
  'field.deleted': (board, { _id }) => {
    board.fields = without(board.fields, _id).map((field, position) => ({ ...field, position }));
    dropFieldValues(board, _id, () => true);
    return true;
  },
  'checklist.created': (board, { _id, cardId, title, items, revision }) => {
    const found = findCard(board, cardId);
    if (found && !found.card.checklists.some((c) => c._id === _id))
      found.card.checklists.push({ _id, title, revision, ...totalsOf(items ?? []) });
    return !!found;
  },
  'checklist.updated': (board, checklist) => {
    const target = checklistOf(board, checklist.cardId, checklist._id);
    if (target) Object.assign(target, { title: checklist.title, revision: checklist.revision });
    return !!target;
  },
  'checklist.deleted': (board, { _id, cardId }) => {
    const found = findCard(board, cardId);
    if (found) found.card.checklists = without(found.card.checklists, _id);
    return true;
  },
  'checklistItem.created': setTotals,
  'checklistItem.updated': setTotals,
  'checklistItem.deleted': setTotals,
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
    // The server took them off the board's cards in the same change.
    for (const list of board.lists)
      for (const card of list.cards) card.memberIds = withoutMember(card.memberIds, userId);
    return false;
  },
};

/** Applies one event to a board (or an immer draft of one); false means "read the whole board again". */
export function applyEvent(board: CompactBoardDetail, event: BoardEvent): boolean {
  const handler = handlers[event.type] as (
    board: CompactBoardDetail,
    payload: BoardEvent['payload'],
  ) => boolean;
  return handler(board, event.payload);
}

/** Puts `field` at its position among the board's fields, renumbering the others. */
function placeField(board: CompactBoardDetail, field: BoardField): void {
  const others = without(board.fields, field._id);
  others.splice(Math.min(field.position, others.length), 0, field);
  board.fields = others.map((f, position) => (f.position === position ? f : { ...f, position }));
}

/** Removes field `fieldId`'s value from every card where `drop` says so. */
function dropFieldValues(
  board: CompactBoardDetail,
  fieldId: string,
  drop: (value: FieldValue) => boolean,
): void {
  for (const list of board.lists)
    for (const card of list.cards) {
      const value = card.fields?.[fieldId];
      if (value === undefined || !drop(value)) continue;
      const { [fieldId]: _dropped, ...rest } = card.fields!;
      card.fields = Object.keys(rest).length ? rest : undefined;
    }
}
