import { findCard, totalsOf, type CompactBoardDetail, type FieldValue } from '@papan/shared';
import type { NewChange } from '../../../lib/outbox/outbox';
import type { OpenCard } from './board-state';
import type { LaneId } from './lanes';
import { moveCardTo, putCardBack } from './positions';

/**
 * The board changes that wait in the outbox when the connection is away (docs/architecture.md,
 * "The outbox"). Each is plain data — what to send and what its optimistic recipe needs — so that
 * after a reload the screen is rebuilt from the last server state plus the queue.
 */
export type QueuedBoardChange =
  | {
      kind: 'card.move';
      args: {
        cardId: string;
        toListId: string;
        toIndex: number;
        toLaneId?: LaneId;
        /** Where the card was, as the screen showed it: sent, and where a refusal puts it back. */
        from: { listId: string; index: number; position: number; laneId: LaneId };
      };
    }
  | {
      kind: 'list.rename';
      /** `revision`: the list's when the rename was made, sent as `If-Match` (docs/decisions.md, "Revisions and If-Match"). */
      args: { listId: string; title: string; before: string; revision?: number };
    }
  | { kind: 'comment.create'; args: { cardId: string; text: string } }
  /** A label put on (`on`) or taken off a card. */
  | { kind: 'card.label'; args: { cardId: string; labelId: string; on: boolean } }
  /** A board member put on (`on`) or taken off a card. */
  | { kind: 'card.member'; args: { cardId: string; userId: string; on: boolean } }
  /**
   * A card's due date or its "complete" tick set (`before`: what the screen showed, put back on a
   * refusal). Sent without `If-Match`: it sets values, as a tick does.
   */
  | { kind: 'card.due'; args: { cardId: string; change: DueChange; before: DueChange } }
  /**
   * Custom field values set on a card, by field id (null clears one; `before`: what the screen
   * showed). Sent without `If-Match`: fields not named keep their values (docs/fields.md).
   */
  | { kind: 'card.fields'; args: { cardId: string; changes: FieldChanges; before: FieldChanges } }
  /**
   * An item of a card's checklist ticked or unticked. Sent without `If-Match`: a tick sets a value
   * that does not build on the one before (docs/decisions.md, "Revisions and If-Match").
   */
  | {
      kind: 'checklistItem.tick';
      args: { cardId: string; checklistId: string; itemId: string; isCompleted: boolean };
    };

export type QueuedKind = QueuedBoardChange['kind'];

/** Values to set by field id; null clears one (docs/fields.md). */
export type FieldChanges = Record<string, FieldValue | null>;

/** A due date (ISO 8601; null clears it) and its "complete" tick; what is left out stays. */
export interface DueChange {
  dueAt?: string | null;
  dueComplete?: boolean;
}

/**
 * Shows a queued change on the board and the open card (run again on every read of either until it
 * is answered).
 */
export function applyQueued(
  board: CompactBoardDetail,
  kind: string,
  args: unknown,
  openCard: OpenCard | null = null,
): void {
  const change = { kind, args } as QueuedBoardChange;
  switch (change.kind) {
    case 'card.move': {
      const { cardId, toListId, toIndex, toLaneId } = change.args;
      if (findCard(board, cardId)) moveCardTo(board, cardId, toListId, toIndex, toLaneId);
      return;
    }
    case 'list.rename': {
      const list = board.lists.find((one) => one._id === change.args.listId);
      if (list) list.title = change.args.title;
      return;
    }
    // Comments are not part of the board read: the open card lists the waiting ones itself.
    case 'comment.create':
      return;
    case 'card.label':
      return showLabel(board, change.args);
    case 'card.member':
      return showMember(board, change.args);
    case 'checklistItem.tick':
      return showTick(board, openCard, change.args);
    case 'card.due':
      return showDue(board, change.args.cardId, change.args.change);
    case 'card.fields':
      return showFields(board, change.args.cardId, change.args.changes);
  }
}

/** The card's field values as set (the compact card keeps `fields` only when it has any). */
function showFields(board: CompactBoardDetail, cardId: string, changes: FieldChanges) {
  const card = findCard(board, cardId)?.card;
  if (!card) return;
  const fields = { ...card.fields };
  for (const [fieldId, value] of Object.entries(changes)) {
    if (value === null) delete fields[fieldId];
    else fields[fieldId] = value;
  }
  if (Object.keys(fields).length) card.fields = fields;
  else delete card.fields;
}

/** The card's due date and tick as set (the compact card keeps only what is set). */
function showDue(board: CompactBoardDetail, cardId: string, change: DueChange) {
  const card = findCard(board, cardId)?.card;
  if (!card) return;
  if (change.dueAt !== undefined) {
    if (change.dueAt) card.dueAt = change.dueAt;
    else delete card.dueAt;
  }
  if (change.dueComplete !== undefined) {
    if (change.dueComplete) card.dueComplete = true;
    else delete card.dueComplete;
  }
}

/**
 * The item ticked (or not) on the open card, and its checklist's totals on the board from the
 * items; set, not counted, so showing it twice is the same. A closed card's totals follow the answer.
 */
function showTick(
  board: CompactBoardDetail,
  openCard: OpenCard | null,
  args: { cardId: string; checklistId: string; itemId: string; isCompleted: boolean },
) {
  const { cardId, checklistId, itemId, isCompleted } = args;
  const checklist = openCard?.cardId === cardId && openCard.checklists?.find((c) => c._id === checklistId);
  if (!checklist) return;
  checklist.items = checklist.items.map((item) => (item._id === itemId ? { ...item, isCompleted } : item));
  const totals = findCard(board, cardId)?.card.checklists.find((c) => c._id === checklistId);
  if (totals) Object.assign(totals, totalsOf(checklist.items));
}

/** The card with the label on or off (the same twice changes nothing). */
function showLabel(
  board: CompactBoardDetail,
  { cardId, labelId, on }: { cardId: string; labelId: string; on: boolean },
) {
  const card = findCard(board, cardId)?.card;
  if (!card) return;
  card.labels = card.labels.filter((id) => id !== labelId);
  if (on) card.labels.push(labelId);
}

/** The card with the member on (last) or off. */
function showMember(
  board: CompactBoardDetail,
  { cardId, userId, on }: { cardId: string; userId: string; on: boolean },
) {
  const card = findCard(board, cardId)?.card;
  if (!card) return;
  const rest = (card.memberIds ?? []).filter((id) => id !== userId);
  card.memberIds = on ? [...rest, userId] : rest;
}

/** Takes a refused change off the board at once (the read that follows says the rest). */
export function undoQueued(
  board: CompactBoardDetail,
  kind: string,
  args: unknown,
  openCard: OpenCard | null = null,
): void {
  const change = { kind, args } as QueuedBoardChange;
  if (change.kind === 'card.move') putCardBack(board, change.args.cardId, change.args.from);
  if (change.kind === 'list.rename') {
    const list = board.lists.find((one) => one._id === change.args.listId);
    if (list?.title === change.args.title) list.title = change.args.before;
  }
  if (change.kind === 'card.label') showLabel(board, { ...change.args, on: !change.args.on });
  if (change.kind === 'card.member') showMember(board, { ...change.args, on: !change.args.on });
  if (change.kind === 'card.due') showDue(board, change.args.cardId, change.args.before);
  if (change.kind === 'card.fields') showFields(board, change.args.cardId, change.args.before);
  if (change.kind === 'checklistItem.tick')
    showTick(board, openCard, { ...change.args, isCompleted: !change.args.isCompleted });
}

/** The request a change makes, and the name a refusal's message gives it. */
export function describeQueued(boardId: string, change: QueuedBoardChange, name: string): NewChange {
  const base = { boardId, kind: change.kind, args: change.args, name };
  switch (change.kind) {
    case 'card.move': {
      const { cardId, toListId, toIndex, toLaneId, from } = change.args;
      const body = {
        type: 'card',
        cardId,
        sourceListId: from.listId,
        destListId: toListId,
        oldPosition: from.index,
        ...(toLaneId === undefined ? {} : { destLaneId: toLaneId }),
        newPosition: toIndex,
      };
      return { ...base, method: 'PUT', path: `/api/boards/${boardId}/dnd`, body };
    }
    case 'list.rename':
      return {
        ...base,
        method: 'PUT',
        path: `/api/lists/${change.args.listId}`,
        body: { title: change.args.title },
        ifMatch: change.args.revision,
      };
    case 'comment.create':
      return {
        ...base,
        method: 'POST',
        path: `/api/cards/${change.args.cardId}/comments`,
        body: { text: change.args.text },
      };
    case 'card.label': {
      const { cardId, labelId, on } = change.args;
      return on
        ? { ...base, method: 'POST', path: `/api/cards/${cardId}/labels`, body: { labelId } }
        : { ...base, method: 'DELETE', path: `/api/cards/${cardId}/labels/${labelId}` };
    }
    case 'card.due':
      return { ...base, method: 'PUT', path: `/api/cards/${change.args.cardId}`, body: change.args.change };
    case 'card.fields': {
      const body = { fields: change.args.changes };
      return { ...base, method: 'PUT', path: `/api/cards/${change.args.cardId}`, body };
    }
    case 'checklistItem.tick': {
      const { checklistId, itemId, isCompleted } = change.args;
      const path = `/api/checklists/${checklistId}/items/${itemId}`;
      return { ...base, method: 'PUT', path, body: { isCompleted } };
    }
    case 'card.member': {
      const { cardId, userId, on } = change.args;
      return on
        ? { ...base, method: 'POST', path: `/api/cards/${cardId}/members`, body: { userId } }
        : { ...base, method: 'DELETE', path: `/api/cards/${cardId}/members/${userId}` };
    }
  }
}
