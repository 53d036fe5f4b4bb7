import type { ChecklistTotals } from '../board/compact-board';
import type { Attachment } from '../schemas/attachment.schema';
import type { ListStage } from '../schemas/insights.schema';
import type { Lane, WipMode } from '../schemas/lanes.schema';
import type { BoardField } from '../schemas/fields.schema';
import type { Rule, RuleRef } from '../schemas/rules.schema';
import type { Comment, Notification } from '../schemas/feed.schema';
import type {
  BoardSummary,
  Card,
  Checklist,
  ChecklistItem,
  Label,
  List,
  UserRef,
} from '../schemas/board.schema';

/**
 * The typed socket.io event maps (docs/realtime.md). Every event name used anywhere is a key here.
 */
export const BOARD_EVENT_TYPES = [
  'board.created',
  'board.updated',
  'board.archived',
  'board.unarchived',
  'board.deleted',
  'list.created',
  'list.updated',
  'list.deleted',
  'lists.reordered',
  'list.wipExceeded',
  'lane.created',
  'lane.updated',
  'lane.deleted',
  'rule.created',
  'rule.updated',
  'rule.deleted',
  'card.created',
  'card.updated',
  'card.deleted',
  'card.copied',
  'card.moved',
  'card.labelAdded',
  'card.labelRemoved',
  'card.memberAdded',
  'card.memberRemoved',
  'attachment.added',
  'attachment.removed',
  'label.created',
  'label.updated',
  'label.deleted',
  'field.created',
  'field.updated',
  'field.deleted',
  'checklist.created',
  'checklist.updated',
  'checklist.deleted',
  'checklistItem.created',
  'checklistItem.updated',
  'checklistItem.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'member.added',
  'member.removed',
  'member.invited',
] as const;
export type BoardEventType = (typeof BOARD_EVENT_TYPES)[number];

type Positioned = { _id: string; position: number };

/** The payload each board event type carries: one typed shape per change. */
export interface BoardEventPayloads {
  'board.created': BoardSummary;
  'board.updated': {
    title: string;
    description: string;
    linkJoining: boolean;
    isTemplate: boolean;
    revision: number;
  };
  'board.archived': { isArchived: boolean };
  'board.unarchived': { isArchived: boolean };
  'board.deleted': { _id: string };
  'list.created': List;
  'list.updated': {
    _id: string;
    title: string;
    position: number;
    stage: ListStage | null;
    wipLimit: number | null;
    wipMode: WipMode;
    revision: number;
  };
  'list.deleted': { _id: string };
  'lists.reordered': { lists: Positioned[] };
  // docs/lanes.md: a change took the list from at or under its soft limit to over it; recorded
  // right after that change's own event, with the next version.
  'list.wipExceeded': { listId: string; count: number; limit: number };
  'lane.created': Lane;
  'lane.updated': Lane;
  // Its cards are in the default lane now.
  'lane.deleted': { _id: string };
  // docs/automation.md: a board's rules, seen by every member.
  'rule.created': Rule;
  'rule.updated': Rule;
  'rule.deleted': { _id: string };
  'card.created': Card;
  'card.updated': Card;
  'card.deleted': { _id: string; listId: string };
  'card.copied': Card & { copiedFrom: string };
  'card.moved': {
    cardId: string | null;
    fromListId: string | null;
    toListId: string | null;
    position: number | null;
    /** The moved card's lane after the move (null: the default lane, or no card moved). */
    laneId: string | null;
    cards: (Positioned & { listId: string })[];
  };
  'card.labelAdded': { cardId: string; label: Label };
  'card.labelRemoved': { cardId: string; labelId: string };
  'card.memberAdded': { cardId: string; userId: string };
  'card.memberRemoved': { cardId: string; userId: string };
  // docs/api.md, "Attachments". `attachmentCount`: the card's files after the change, so a reader
  // keeps the count right however often it sees the event; `coverAttachmentId`: the card's cover
  // after it (a removed cover image takes the cover with it).
  'attachment.added': Attachment & { attachmentCount: number };
  'attachment.removed': {
    _id: string;
    cardId: string;
    attachmentCount: number;
    coverAttachmentId: string | null;
  };
  'label.created': Label;
  'label.updated': Label;
  'label.deleted': { _id: string };
  // docs/fields.md: a deleted field (or a select option left out of an update) leaves every card;
  // the cards that held a value are not sent again, a reader drops the value itself.
  'field.created': BoardField;
  'field.updated': BoardField;
  'field.deleted': { _id: string };
  'checklist.created': Checklist;
  'checklist.updated': Checklist;
  'checklist.deleted': { _id: string; cardId: string };
  // `progress`: the checklist's totals after the change, so a reader without the items keeps them
  // right. The server always sends it; a browser describing its own answer takes it from its items.
  'checklistItem.created': ChecklistItem & { cardId: string; progress?: ChecklistTotals };
  'checklistItem.updated': ChecklistItem & { cardId: string; progress?: ChecklistTotals };
  'checklistItem.deleted': { _id: string; checklistId: string; cardId: string; progress?: ChecklistTotals };
  'comment.created': Comment;
  'comment.updated': Comment;
  'comment.deleted': { _id: string; cardId: string };
  'member.added': UserRef;
  'member.invited': { email: string };
  'member.removed': { userId: string };
}

/** What every board event carries besides its type and payload. */
export interface BoardEventEnvelope {
  boardId: string;
  /** The board's version after this change: one more than the event before it. */
  version: number;
  /** Who made the change; null for a change made by a rule (then `rule` says which). */
  actorId: string | null;
  /** A change made by automation (docs/automation.md): the rule that made it. */
  rule?: RuleRef;
  /** When the change committed (ISO 8601), as the event log keeps it. */
  occurredAt?: string;
}

/**
 * One committed change to a board (docs/realtime.md, "Board event types"): a discriminated union on
 * `type`, so a payload that does not match its type is a type error on both sides of the socket.
 */
export type BoardEvent = {
  [K in BoardEventType]: BoardEventEnvelope & { type: K; payload: BoardEventPayloads[K] };
}[BoardEventType];

/** The event of one type. */
export type BoardEventOf<K extends BoardEventType> = Extract<BoardEvent, { type: K }>;

/** What a drag-and-drop call answers: the board event it published (positions only, no cards). */
export type DndResult = BoardEventOf<'card.moved' | 'lists.reordered'>;

/**
 * `Prefer: papan-change` on a board-changing call: the answer is `{data, event}`, `data` being what
 * the call documents and `event` the board event it committed (null when nothing changed, or for an
 * answer replayed for a retried Idempotency-Key). The browser applies `event` as every screen does.
 */
export const CHANGE_PREFERENCE = 'papan-change';
export interface ChangeAnswer<T> {
  data: T;
  event: BoardEvent | null;
}

/** What a change hands to the real-time layer: a type and the payload of that type. */
export type BoardEventBody = {
  [K in BoardEventType]: { type: K; payload: BoardEventPayloads[K] };
}[BoardEventType];

export type JoinAck = { ok: true; version: number } | { ok: false; error: string };

/** Who is looking at a board right now. */
export interface BoardPresence {
  boardId: string;
  users: { _id: string; name: string }[];
}

export interface AdminStats {
  userCount: number;
  boardCount: number;
  listCount: number;
  cardCount: number;
}

export interface ServerToClientEvents {
  'board:event': (event: BoardEvent) => void;
  'board:presence': (presence: BoardPresence) => void;
  'notification:new': (notification: Notification) => void;
  'admin:stats': (stats: AdminStats) => void;
  /**
   * The stream offset of the events just given, for connection-state recovery with Redis
   * (docs/realtime.md, "Several instances"); socket.io's client keeps it by itself.
   */
  'papan:offset': (offset: string) => void;
}

export interface ClientToServerEvents {
  'board:join': (body: { boardId: string }, ack: (answer: JoinAck) => void) => void;
  'board:leave': (body: { boardId: string }) => void;
}

/** `subscribe`'s answer on `/stream`: `resync` when `after` is older than the log (read the board). */
export type StreamSubscribeAck =
  | { ok: true; version: number }
  | { ok: false; error: 'resync'; version: number }
  | { ok: false; error: string; status?: number };

/** Why the server stopped a `/stream` subscription (the socket stays for the others). */
export interface StreamEnded {
  boardId: string;
  reason: 'removed' | 'deleted' | 'resync' | 'error';
  version?: number;
}

/** socket.io namespace `/stream` for dashboards and programs (docs/realtime.md, "The stream namespace"). */
export interface StreamServerToClientEvents {
  'board:event': (event: BoardEvent) => void;
  'stream:ended': (ended: StreamEnded) => void;
}

export interface StreamClientToServerEvents {
  subscribe: (body: { boardId: string; after?: number }, ack: (answer: StreamSubscribeAck) => void) => void;
  unsubscribe: (body: { boardId: string }, ack: (answer: { ok: boolean }) => void) => void;
}
