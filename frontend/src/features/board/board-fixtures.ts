import {
  compactBoard,
  type BoardDetail,
  type BoardEvent,
  type BoardEventBody,
  type Card,
  type ChangeAnswer,
  type Checklist,
  type Comment,
  type CompactBoardDetail,
  type Label,
  type Lane,
  type List,
  type UserRef,
} from '@papan/shared';
import type { StubRequest } from '../../testing/api-stub';
import { useBoardStore } from './store';

// Test data for the board feature's tests (imported by *.test.tsx only).

export const ada: UserRef = { _id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: '' };
export const grace: UserRef = {
  _id: 'user-2',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  avatarUrl: '',
};

export function buildCard(
  _id: string,
  listId: string,
  position: number,
  overrides: Partial<Card> = {},
): Card {
  return {
    _id,
    boardId: 'b1',
    listId,
    title: `Card ${_id}`,
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
    isTemplate: false,
    revision: 1,
    fields: {},
    createdAt: '2025-07-08T10:00:00.000Z',
    updatedAt: '2025-07-08T10:00:00.000Z',
    ...overrides,
  };
}

/** A list whose cards are `cardIds`, placed 1024 apart. */
export function buildList(_id: string, title: string, cardIds: string[], position = 1024): List {
  return {
    _id,
    boardId: 'b1',
    title,
    position,
    stage: null,
    wipLimit: null,
    wipMode: 'soft',
    revision: 1,
    cards: cardIds.map((id, index) => buildCard(id, _id, (index + 1) * 1024)),
  };
}

/** A swimlane of board b1 (docs/lanes.md). */
export function buildLane(_id: string, title: string, position = 1024): Lane {
  return { _id, title, position };
}

export function buildLabel(_id: string, name: string, isDefault = false, color = '#61bd4f'): Label {
  return { _id, boardId: 'b1', name, color, isDefault };
}

export function buildChecklist(_id: string, cardId: string, done: boolean[], title = 'Checklist'): Checklist {
  return {
    _id,
    cardId,
    title,
    items: done.map((isCompleted, index) => ({
      _id: `${_id}-item-${index}`,
      checklistId: _id,
      text: `Item ${index + 1}`,
      isCompleted,
      revision: 1,
    })),
    revision: 1,
  };
}

/** Board b1, version 3: To Do (c1, c2, c3) and Done (c4), owned by Ada. */
export function buildBoardDetail(overrides: Partial<BoardDetail> = {}): BoardDetail {
  return {
    _id: 'b1',
    title: 'Roadmap',
    description: '',
    createdAt: '2025-07-08T10:00:00.000Z',
    updatedAt: '2025-07-08T10:00:00.000Z',
    ownerId: ada,
    members: [ada],
    isPinned: false,
    isArchived: false,
    linkJoining: true,
    isTemplate: false,
    revision: 1,
    version: 3,
    labels: [buildLabel('l-feature', 'Feature', true)],
    fields: [],
    lanes: [],
    lists: [buildList('todo', 'To Do', ['c1', 'c2', 'c3'], 1024), buildList('done', 'Done', ['c4'], 2048)],
    ...overrides,
  };
}

/**
 * Board b1 with two lanes (docs/lanes.md), Frontend (l1) and Backend (l2): To Do holds c1 (no
 * lane), c2 and c3 (Frontend) and c5 (Backend); Done holds c4 (Backend).
 */
export function buildLanesBoard(overrides: Partial<BoardDetail> = {}): BoardDetail {
  const inLane = (list: List, lanes: Record<string, string>): List => ({
    ...list,
    cards: list.cards.map((card) => ({ ...card, laneId: lanes[card._id] ?? null })),
  });
  return buildBoardDetail({
    lanes: [buildLane('l1', 'Frontend', 1024), buildLane('l2', 'Backend', 2048)],
    lists: [
      inLane(buildList('todo', 'To Do', ['c1', 'c2', 'c3', 'c5'], 1024), { c2: 'l1', c3: 'l1', c5: 'l2' }),
      inLane(buildList('done', 'Done', ['c4'], 2048), { c4: 'l2' }),
    ],
    ...overrides,
  });
}

/** Each cell's card ids, as `List/Lane` (lane `-` for the default lane), for short assertions. */
export function cellOrder(
  board: Pick<CompactBoardDetail, 'lists' | 'lanes'> | null,
): Record<string, string[]> {
  const cells: Record<string, string[]> = {};
  for (const list of board?.lists ?? [])
    for (const card of list.cards) {
      const lane = board?.lanes.find((l) => l._id === card.laneId)?.title ?? '-';
      (cells[`${list.title}/${lane}`] ??= []).push(card._id);
    }
  return cells;
}

export function buildComment(_id: string, text: string, author: UserRef = ada, cardId = 'c1'): Comment {
  return {
    _id,
    cardId,
    text,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    updatedAt: new Date().toISOString(),
    userId: { _id: author._id, name: author.name, profilePictureUrl: null, avatarUrl: '' },
    revision: 1,
  };
}

/** The answer of GET /api/boards/{id}?view=compact (what the browser reads): the board with its ETag. */
export function boardResponse(board: BoardDetail): Response {
  return new Response(JSON.stringify(compactBoard(board)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ETag: `W/"${board._id}.${board.version}.0"` },
  });
}

/** The card ids of each list, for short assertions. */
export function cardOrder(board: Pick<CompactBoardDetail, 'lists'> | null): Record<string, string[]> {
  return Object.fromEntries((board?.lists ?? []).map((list) => [list.title, list.cards.map((c) => c._id)]));
}

/** A committed board event: `change` at `version`, made by `actorId` (Ada, the signed-in user, unless told). */
export function committedEvent(change: BoardEventBody, version: number, actorId = ada._id): BoardEvent {
  return { ...change, boardId: 'b1', version, actorId, occurredAt: new Date().toISOString() } as BoardEvent;
}

/**
 * What the server answers a board change sent with `Prefer: papan-change`: the answer's `data`
 * (the change's payload unless told) and the event it committed, one version past the board the
 * store shows now.
 */
export function committed<T = unknown>(change: BoardEventBody, data?: T): ChangeAnswer<T> {
  const board = useBoardStore.getState().board;
  if (!board) throw new Error('A board change was answered before the board was shown');
  return { data: (data ?? change.payload) as T, event: committedEvent(change, board.version + 1) };
}

/**
 * A stub answer (for `stubApi`) to a board change: {@link committed} when the request arrives.
 * `change` may read the request (a card titled as it was sent).
 */
export function changeAnswer(
  change: BoardEventBody | ((request: StubRequest) => BoardEventBody),
  data?: unknown,
): (request: StubRequest) => ChangeAnswer<unknown> {
  return (request) => committed(typeof change === 'function' ? change(request) : change, data);
}
