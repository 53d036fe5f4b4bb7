import type {
  BoardDetail,
  BoardEventOf,
  BoardEventPayloads,
  BoardEventType,
  CompactBoardDetail,
} from '@papan/shared';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '../../testing/api-stub';
import { errorResponse, jsonResponse } from '../../testing/fetch-stub';
import { createCard } from './api/create-card';
import { updateChecklistItem } from './api/update-checklist-item';
import {
  boardResponse,
  buildBoardDetail,
  buildCard,
  buildChecklist,
  cardOrder,
  changeAnswer,
  committedEvent,
} from './board-fixtures';
import { GAP_GRACE_MS, useBoardStore as sut } from './store';

const event = <K extends BoardEventType>(version: number, type: K, payload: BoardEventPayloads[K]) =>
  ({
    boardId: 'b1',
    version,
    type,
    actorId: 'user-2',
    payload,
  }) as BoardEventOf<K>;

/** Opens board b1 with `board` as the server's answer; `routes` add or replace calls. */
async function openBoard(board: BoardDetail = buildBoardDetail(), routes: Record<string, StubAnswer> = {}) {
  let current = board;
  const api = stubApi({ 'GET /api/boards/b1': () => boardResponse(current), ...routes });
  sut.getState().open('b1');
  await sut.getState().refresh();
  return { api, serve: (next: BoardDetail) => (current = next) };
}

const ifNoneMatch = (api: ReturnType<typeof stubApi>, call: number) =>
  new Headers(api.mock.mock.calls[call]?.[1]?.headers).get('If-None-Match');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => sut.getState().open(null));

describe('board store', () => {
  describe('board:event', () => {
    it('applies events in version order and buffers the ones that come early', async () => {
      const { api } = await openBoard();

      sut.getState().receiveEvent(event(5, 'card.deleted', { _id: 'c1', listId: 'todo' }));
      expect(cardOrder(sut.getState().board)['To Do']).toEqual(['c1', 'c2', 'c3']);
      expect(sut.getState().board?.version).toBe(3);

      sut.getState().receiveEvent(event(4, 'card.created', buildCard('c9', 'todo', 9000, { title: 'New' })));
      expect(cardOrder(sut.getState().board)['To Do']).toEqual(['c2', 'c3', 'c9']);
      expect(sut.getState().board?.version).toBe(5);
      expect(sut.getState().buffered).toEqual({});
      expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
    });

    it('ignores events the board already holds, and applies a repeated change once', async () => {
      await openBoard();
      const before = sut.getState().board;

      sut.getState().receiveEvent(event(3, 'card.deleted', { _id: 'c1', listId: 'todo' }));
      expect(sut.getState().board).toBe(before);

      const card = buildCard('c9', 'todo', 9000);
      sut.getState().receiveEvent(event(4, 'card.created', card));
      sut.getState().receiveEvent(event(4, 'card.created', card));
      expect(cardOrder(sut.getState().board)['To Do']).toEqual(['c1', 'c2', 'c3', 'c9']);
    });

    it('moves cards to the positions a card.moved event gives', async () => {
      await openBoard();

      sut.getState().receiveEvent(
        event(4, 'card.moved', {
          cardId: 'c1',
          fromListId: 'todo',
          toListId: 'done',
          position: 512,
          laneId: null,
          cards: [{ _id: 'c1', listId: 'done', position: 512 }],
        }),
      );

      expect(cardOrder(sut.getState().board)).toEqual({ 'To Do': ['c2', 'c3'], Done: ['c1', 'c4'] });
    });

    it('reads the board again when a version gap stays open', async () => {
      vi.useFakeTimers();
      const { api, serve } = await openBoard();
      serve(buildBoardDetail({ version: 5 }));

      sut.getState().receiveEvent(event(5, 'list.deleted', { _id: 'done' }));
      await act(() => vi.advanceTimersByTimeAsync(GAP_GRACE_MS - 1));
      expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1));

      expect(api.calls('GET /api/boards/b1')).toHaveLength(2);
      expect(sut.getState().board?.version).toBe(5);
      expect(sut.getState().buffered).toEqual({});
    });

    it('catches up from the event log when a version gap stays open, without reading the board', async () => {
      vi.useFakeTimers();
      const { api } = await openBoard(buildBoardDetail(), {
        'GET /api/boards/b1/events': {
          version: 5,
          events: [event(4, 'card.deleted', { _id: 'c1', listId: 'todo' })],
          hasMore: false,
        },
      });

      sut.getState().receiveEvent(event(5, 'list.deleted', { _id: 'done' }));
      await act(() => vi.advanceTimersByTimeAsync(GAP_GRACE_MS));

      expect(api.calls('GET /api/boards/b1/events')[0]?.url.searchParams.get('after')).toBe('3');
      expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
      expect(cardOrder(sut.getState().board)).toEqual({ 'To Do': ['c2', 'c3'] });
      expect(sut.getState().board?.version).toBe(5);
      expect(sut.getState().buffered).toEqual({});
    });

    it('reads the board whole when the log answers 410, or leaves a gap', async () => {
      const gone = await openBoard(buildBoardDetail(), {
        'GET /api/boards/b1/events': errorResponse(410, 'gone'),
      });
      await sut.getState().catchUp();
      expect(gone.api.calls('GET /api/boards/b1')).toHaveLength(2);

      const holey = await openBoard(buildBoardDetail(), {
        // Version 4 is left out for this reader (a comment by someone who blocked them).
        'GET /api/boards/b1/events': {
          version: 5,
          events: [event(5, 'list.deleted', { _id: 'done' })],
          hasMore: false,
        },
      });
      await sut.getState().catchUp();
      expect(holey.api.calls('GET /api/boards/b1')).toHaveLength(2);
    });

    it('reads the board again for an event it cannot apply', async () => {
      const { api } = await openBoard();

      sut.getState().receiveEvent(event(4, 'member.removed', { userId: 'user-2' }));

      await vi.waitFor(() => expect(api.calls('GET /api/boards/b1')).toHaveLength(2));
    });
  });

  describe('refresh', () => {
    it('sends the ETag, and a 304 changes nothing', async () => {
      const { api } = await openBoard();
      const before = sut.getState().board;
      const poll = stubApi({ 'GET /api/boards/b1': () => new Response(null, { status: 304 }) });

      await sut.getState().refresh({ conditional: true });

      expect(ifNoneMatch(api, 0)).toBeNull();
      expect(ifNoneMatch(poll, 0)).toBe('W/"b1.3.0"');
      expect(sut.getState().board).toBe(before);
      expect(sut.getState().etag).toBe('W/"b1.3.0"');
    });

    it('replaces the board when the ETag changed', async () => {
      const { api, serve } = await openBoard();
      serve(buildBoardDetail({ version: 9, title: 'Renamed' }));

      await sut.getState().refresh({ conditional: true });

      expect(ifNoneMatch(api, 1)).toBe('W/"b1.3.0"');
      expect(sut.getState().board?.title).toBe('Renamed');
      expect(sut.getState().etag).toBe('W/"b1.9.0"');
    });

    it('says forbidden on 403 and error on other failures', async () => {
      stubApi({ 'GET /api/boards/b1': errorResponse(403, 'You are not a member of this board.') });
      sut.getState().open('b1');
      await sut.getState().refresh();
      expect(sut.getState().status).toBe('forbidden');

      stubApi({ 'GET /api/boards/b1': errorResponse(500, 'boom') });
      sut.getState().open('b1');
      await sut.getState().refresh();
      expect(sut.getState().status).toBe('error');
    });
  });

  describe('run (the one write path)', () => {
    it("applies its own change's answer as the event of its version, and ignores the socket's copy", async () => {
      const card = buildCard('c9', 'todo', 9000, { title: 'New' });
      const { api } = await openBoard(buildBoardDetail(), {
        'POST /api/lists/todo/cards': changeAnswer({ type: 'card.created', payload: card }),
      });

      await expect(sut.getState().run(() => createCard('todo', 'New'))).resolves.toEqual(card);
      expect(cardOrder(sut.getState().board)['To Do']).toEqual(['c1', 'c2', 'c3', 'c9']);
      expect(sut.getState().board?.version).toBe(4);
      const after = sut.getState().board;
      sut.getState().receiveEvent(event(4, 'card.created', card));
      expect(sut.getState().board).toBe(after);
      expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
    });

    it('asks for the committed event with Prefer: papan-change', async () => {
      const card = buildCard('c9', 'todo', 9000);
      const { api } = await openBoard(buildBoardDetail(), {
        'POST /api/lists/todo/cards': changeAnswer({ type: 'card.created', payload: card }),
      });

      await sut.getState().run(() => createCard('todo', 'c9'));

      expect(api.calls('POST /api/lists/todo/cards')[0]?.headers.get('Prefer')).toBe('papan-change');
      expect(api.calls('GET /api/boards/b1')[0]?.headers.get('Prefer')).toBeNull();
    });

    it('waits for the events before its version when it overtook them, then applies all in order', async () => {
      const card = buildCard('c9', 'todo', 9000);
      await openBoard(buildBoardDetail(), {
        'POST /api/lists/todo/cards': () =>
          jsonResponse(201, {
            data: card,
            event: committedEvent({ type: 'card.created', payload: card }, 5),
          }),
      });

      await sut.getState().run(() => createCard('todo', 'c9'));
      expect(sut.getState().board?.version).toBe(3);
      sut.getState().receiveEvent(event(4, 'card.deleted', { _id: 'c1', listId: 'todo' }));
      expect(cardOrder(sut.getState().board)['To Do']).toEqual(['c2', 'c3', 'c9']);
      expect(sut.getState().board?.version).toBe(5);
    });

    it('reads the board again for an answer without an event (a replayed one)', async () => {
      const card = buildCard('c9', 'todo', 9000);
      const { api, serve } = await openBoard(buildBoardDetail(), {
        'POST /api/lists/todo/cards': () => jsonResponse(201, { data: card, event: null }),
      });
      const onServer = buildBoardDetail({ version: 4 });
      onServer.lists[0]!.cards.push(card);
      serve(onServer);

      await expect(sut.getState().run(() => createCard('todo', 'c9'))).resolves.toEqual(card);

      await vi.waitFor(() => expect(api.calls('GET /api/boards/b1')).toHaveLength(2));
      await vi.waitFor(() => expect(sut.getState().board?.version).toBe(4));
      expect(cardOrder(sut.getState().board)['To Do']).toEqual(['c1', 'c2', 'c3', 'c9']);
    });

    it('keeps an optimistic change over a read taken before it landed, and undoes it on failure', async () => {
      const board = buildBoardDetail();
      board.lists[0]!.cards[0]!.checklists = [buildChecklist('k1', 'c1', [false])];
      let fail: () => void = () => {};
      await openBoard(board, {
        'PUT /api/checklists/k1/items/k1-item-0': () =>
          new Promise<Response>((resolve) => (fail = () => resolve(errorResponse(500, 'boom')))),
      });
      const done = () => sut.getState().board?.lists[0]?.cards[0]?.checklists[0]?.done;
      const tick = (isCompleted: boolean) => (b: CompactBoardDetail) =>
        void (b.lists[0]!.cards[0]!.checklists[0]!.done = isCompleted ? 1 : 0);

      const ticking = sut
        .getState()
        .run(() => updateChecklistItem('k1', 'k1-item-0', { isCompleted: true }, 1), {
          apply: tick(true),
          undo: tick(false),
        });
      expect(done()).toBe(1);
      await sut.getState().refresh();
      expect(done()).toBe(1);
      fail();
      await expect(ticking).rejects.toThrow();
      expect(done()).toBe(0);
    });
  });

  describe('moveCard', () => {
    it('moves the card at once and sends reading B of the move', async () => {
      let answer: (value: Response) => void = () => {};
      const { api } = await openBoard(buildBoardDetail(), {
        'PUT /api/boards/b1/dnd': () => new Promise<Response>((resolve) => (answer = resolve)),
      });

      const moving = sut.getState().moveCard('c1', 'done', 1);

      expect(cardOrder(sut.getState().board)).toEqual({ 'To Do': ['c2', 'c3'], Done: ['c4', 'c1'] });
      // Sent once the outbox has stored it (docs/architecture.md, "The outbox").
      await vi.waitFor(() => expect(api.calls('PUT /api/boards/b1/dnd')).toHaveLength(1));
      expect(api.calls('PUT /api/boards/b1/dnd')[0]?.body).toEqual({
        type: 'card',
        cardId: 'c1',
        sourceListId: 'todo',
        destListId: 'done',
        oldPosition: 0,
        newPosition: 1,
      });
      // The server's answer to a move is the event it committed, as `data` and as `event`.
      const moved = committedEvent(
        {
          type: 'card.moved',
          payload: {
            cardId: 'c1',
            fromListId: 'todo',
            toListId: 'done',
            position: 2048,
            laneId: null,
            cards: [{ _id: 'c1', listId: 'done', position: 2048 }],
          },
        },
        4,
      );
      answer(jsonResponse(200, { data: moved, event: moved }));
      await moving;
      expect(sut.getState().board?.version).toBe(4);
      expect(cardOrder(sut.getState().board)).toEqual({ 'To Do': ['c2', 'c3'], Done: ['c4', 'c1'] });
      expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
    });

    it('puts the card back at once when the server refuses the move, reads the board again and says why', async () => {
      let refuse: () => void = () => {};
      const { api } = await openBoard(buildBoardDetail(), {
        'PUT /api/boards/b1/dnd': () =>
          new Promise<Response>((resolve) => (refuse = () => resolve(errorResponse(409, 'stale')))),
      });

      const moving = sut.getState().moveCard('c3', 'done', 0);
      expect(cardOrder(sut.getState().board)).toEqual({ 'To Do': ['c1', 'c2'], Done: ['c3', 'c4'] });
      const refused = expect(moving).rejects.toMatchObject({ status: 409, message: 'stale' });
      await vi.waitFor(() => expect(api.calls('PUT /api/boards/b1/dnd')).toHaveLength(1));
      refuse();
      await refused;

      expect(cardOrder(sut.getState().board)).toEqual({ 'To Do': ['c1', 'c2', 'c3'], Done: ['c4'] });
      await vi.waitFor(() => expect(api.calls('GET /api/boards/b1')).toHaveLength(2));
    });
  });

  describe('reorderLists', () => {
    it('reorders at once and goes back to the previous order when the server refuses', async () => {
      let fail: () => void = () => {};
      const { api } = await openBoard(buildBoardDetail(), {
        'PUT /api/boards/b1/dnd': () =>
          new Promise<Response>((resolve) => (fail = () => resolve(errorResponse(500, 'boom')))),
      });

      const reordering = sut.getState().reorderLists(['done', 'todo']);
      expect(sut.getState().board?.lists.map((list) => list.title)).toEqual(['Done', 'To Do']);
      expect(api.calls('PUT /api/boards/b1/dnd')[0]?.body).toEqual({
        type: 'lists',
        lists: [
          { _id: 'done', position: 0 },
          { _id: 'todo', position: 1 },
        ],
      });
      fail();
      await reordering;

      expect(sut.getState().board?.lists.map((list) => list.title)).toEqual(['To Do', 'Done']);
      expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
    });
  });

  describe('showCard (the open card reads its items)', () => {
    const itemTicked = (version: number) =>
      event(version, 'checklistItem.updated', {
        _id: 'k1-item-0',
        checklistId: 'k1',
        cardId: 'c1',
        text: 'Item 1',
        isCompleted: true,
        revision: 2,
        progress: { total: 2, done: 1 },
      });

    it("reads the card's checklists again when one of their events came while they were read", async () => {
      const board = buildBoardDetail();
      board.lists[0]!.cards[0]!.checklists = [buildChecklist('k1', 'c1', [false, false])];
      const answers = [buildChecklist('k1', 'c1', [false, false]), buildChecklist('k1', 'c1', [true, false])];
      let reads = 0;
      const { api } = await openBoard(board, {
        'GET /api/cards/c1/checklists': () => {
          const answer = answers[reads++]!;
          // The first read is taken before the event below, and answers after it.
          if (reads === 1) sut.getState().receiveEvent(itemTicked(4));
          return jsonResponse(200, [answer]);
        },
      });

      await sut.getState().showCard('c1');

      expect(api.calls('GET /api/cards/c1/checklists')).toHaveLength(2);
      expect(sut.getState().openCard?.checklists?.[0]?.items.map((i) => i.isCompleted)).toEqual([
        true,
        false,
      ]);
      expect(sut.getState().board?.lists[0]?.cards[0]?.checklists[0]).toMatchObject({ total: 2, done: 1 });
    });

    it("applies later events to the open card's items, and forgets them when it closes", async () => {
      const board = buildBoardDetail();
      board.lists[0]!.cards[0]!.checklists = [buildChecklist('k1', 'c1', [false, false])];
      const { api } = await openBoard(board, {
        'GET /api/cards/c1/checklists': () => jsonResponse(200, [buildChecklist('k1', 'c1', [false, false])]),
      });
      await sut.getState().showCard('c1');

      sut.getState().receiveEvent(itemTicked(4));
      expect(sut.getState().openCard?.checklists?.[0]?.items[0]?.isCompleted).toBe(true);

      await sut.getState().showCard(null);
      expect(sut.getState().openCard).toBeNull();
      expect(api.calls('GET /api/cards/c1/checklists')).toHaveLength(1);
    });
  });
});
