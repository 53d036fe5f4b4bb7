import {
  compactBoard,
  type BoardDetail,
  type BoardEvent,
  type Card,
  type List,
  type Rule,
  type RuleRun,
  type UserRef,
} from '@papan/shared';

// Test data for the automation panel's tests (imported by *.test.tsx only). Ids are UUIDs: a rule's
// ids are checked as such, by the builder before it sends one and by the board event's schema.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const LIST = { todo: uuid(1), doing: uuid(2), done: uuid(3) };
export const LABEL = { urgent: uuid(11), bug: uuid(12) };
export const CARD = { fixLogin: uuid(21), writeDocs: uuid(22), shipIt: uuid(23) };

export const ada: UserRef = { _id: uuid(31), name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: '' };
export const grace: UserRef = {
  _id: uuid(32),
  name: 'Grace Hopper',
  email: 'grace@example.com',
  avatarUrl: '',
};

// Omit<…, 'isTemplate'>: the fixtures say what the panel reads, whichever fields the shapes grow.
function card(_id: string, listId: string, title: string, position: number): Card {
  const value: Omit<Card, 'isTemplate'> = {
    _id,
    boardId: 'b1',
    listId,
    title,
    description: '',
    position,
    labels: [],
    checklists: [],
    dueAt: null,
    dueComplete: false,
    memberIds: [],
    attachments: [],
    coverAttachmentId: null,
    laneId: null,
    revision: 1,
    fields: {},
    createdAt: '2025-07-08T10:00:00.000Z',
    updatedAt: '2025-07-08T10:00:00.000Z',
  };
  return value as Card;
}

function list(_id: string, title: string, position: number, cards: [string, string][]): List {
  return {
    _id,
    boardId: 'b1',
    title,
    position,
    stage: null,
    wipLimit: null,
    wipMode: 'soft',
    revision: 1,
    cards: cards.map(([id, cardTitle], index) => card(id, _id, cardTitle, (index + 1) * 1024)),
  };
}

/** Board b1, owned by Ada, Grace a member: To Do (Fix login, Write docs), Doing, Done (Ship it). */
export function buildBoard(): BoardDetail {
  const board: Omit<BoardDetail, 'isTemplate'> = {
    _id: 'b1',
    title: 'Roadmap',
    description: '',
    createdAt: '2025-07-08T10:00:00.000Z',
    updatedAt: '2025-07-08T10:00:00.000Z',
    ownerId: ada,
    members: [ada, grace],
    isPinned: false,
    isArchived: false,
    linkJoining: true,
    revision: 1,
    version: 3,
    labels: [
      { _id: LABEL.urgent, boardId: 'b1', name: 'Urgent', color: '#eb5a46', isDefault: false },
      { _id: LABEL.bug, boardId: 'b1', name: 'Bug', color: '#61bd4f', isDefault: false },
    ],
    fields: [],
    lanes: [],
    lists: [
      list(LIST.todo, 'To Do', 1024, [
        [CARD.fixLogin, 'Fix login'],
        [CARD.writeDocs, 'Write docs'],
      ]),
      list(LIST.doing, 'Doing', 2048, []),
      list(LIST.done, 'Done', 3072, [[CARD.shipIt, 'Ship it']]),
    ],
  };
  return board as BoardDetail;
}

/** GET /api/boards/b1?view=compact, as the board screen reads it. */
export function boardResponse(board: BoardDetail = buildBoard()): Response {
  return new Response(JSON.stringify(compactBoard(board)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ETag: `W/"b1.${board.version}.0"` },
  });
}

/** "When a card enters Done, archive it", on. */
export function buildRule(overrides: Partial<Rule> = {}): Rule {
  return {
    _id: 'r1',
    boardId: 'b1',
    name: 'Archive finished cards',
    trigger: { type: 'card.enteredList', listId: LIST.done },
    actions: [{ type: 'archive' }],
    enabled: true,
    disabledReason: null,
    nextRunAt: null,
    createdBy: ada._id,
    createdAt: '2025-07-08T10:00:00.000Z',
    updatedAt: '2025-07-08T10:00:00.000Z',
    ...overrides,
  };
}

export function buildRun(overrides: Partial<RuleRun> = {}): RuleRun {
  return {
    _id: 'run-1',
    at: '2025-07-08T11:00:00.000Z',
    trigger: { eventVersion: 7 },
    status: 'ok',
    changes: 1,
    ...overrides,
  };
}

/** A board event of b1 as the socket brings it. */
export function ruleEvent(event: Pick<BoardEvent, 'type' | 'payload'>, version: number): BoardEvent {
  return {
    ...event,
    boardId: 'b1',
    version,
    actorId: ada._id,
    occurredAt: new Date().toISOString(),
  } as BoardEvent;
}
