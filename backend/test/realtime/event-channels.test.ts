import { Logger } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import { eq, sql } from 'drizzle-orm';
import {
  BOARD_EVENT_TYPES,
  boardEventSchema,
  WEBHOOK_TEST_EVENT,
  type BoardEvent,
  type BoardEventType,
  type StreamClientToServerEvents,
  type StreamServerToClientEvents,
} from '@papan/shared';
import { boardEvents, boards, webhooks } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { seedBoardWorld } from '../helpers/board-world';
import { STEPS } from '../helpers/change-steps';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { SseClient } from '../stream/sse-client';
import { WebhookReceiver, type Received } from '../webhooks/webhook-receiver';

type StreamSocket = Socket<StreamServerToClientEvents, StreamClientToServerEvents>;

/** A `/stream` socket subscribed to one board from `after`, keeping what it receives. */
async function streamReader(url: string, token: string, boardId: string, after: number) {
  const socket: StreamSocket = io(`${url}/stream`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const events: BoardEvent[] = [];
  socket.on('board:event', (e) => events.push(e));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(5000).emitWithAck('subscribe', { boardId, after });
  expect(ack).toMatchObject({ ok: true });
  return { socket, events };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Each event passes the shared schema, and exactly: the schema's copy (which leaves out fields it
 * does not know) equals what was sent, so no channel carries a field the schema and type lack.
 */
function expectValid(channel: string, events: unknown[]): void {
  for (const event of events) {
    const result = boardEventSchema.safeParse(event);
    expect({ channel, event, error: result.error?.issues }).toEqual({ channel, event, error: undefined });
    expect({ channel, parsed: result.data }).toEqual({ channel, parsed: event });
  }
}

const types = (events: BoardEvent[]) => new Set(events.map((e) => e.type));
const byVersion = (events: BoardEvent[]) => new Map(events.map((e) => [e.version, e]));
const withoutId = (r: Received) => {
  const { id: _id, ...event } = r.json;
  return event as unknown as BoardEvent;
};

/**
 * Issue 32: every board event type goes through each channel — the socket (`board:event`), SSE
 * (per board and multiplexed), the `/stream` namespace, webhooks and the event log — and every
 * event each carries passes the shared zod schema; all channels carry the same events.
 */
describe('every board event type on every channel, against the shared schema', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let receiver: WebhookReceiver;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await startTestApp({
      webhooks: { allowPrivate: true, pollMs: 100, timeoutMs: 2_000, retryDelaysMs: [100, 200] },
    });
    url = await listen(t);
    owner = await createUser(t, { name: 'Owner' });
  });
  afterAll(async () => {
    closers.forEach((close) => close());
    await t.close();
    await receiver.close();
  });

  it('sends all 39 types, each valid and the same object on every channel', async () => {
    const ids = await seedBoardWorld(t, owner, []);
    const { boardId } = ids;
    const logged: BoardEvent[] = [];
    const newcomer = await createUser(t, { name: 'Newcomer' });
    const extra: Record<string, string> = {
      newcomerEmail: newcomer.email,
      newcomerId: newcomer._id,
      ownerId: owner._id,
    };

    // The socket joins now: board.created (version 1) was before anyone could be in the room.
    const socket: ClientSocket = await connect(url, owner.token);
    closers.push(() => socket.close());
    expect(await joinBoard(socket, boardId)).toMatchObject({ ok: true, version: 1 });
    const live = new EventLog(socket);
    // The streams start at 0: their replay from the log brings board.created.
    const sse = await SseClient.open(`${url}/api/boards/${boardId}/stream?after=0`, owner.auth);
    const multiplexed = await SseClient.open(
      `${url}/api/stream?boards=${boardId}&after=${boardId}:0`,
      owner.auth,
    );
    closers.push(
      () => sse.close(),
      () => multiplexed.close(),
    );
    const stream = await streamReader(url, owner.token, boardId, 0);
    closers.push(() => stream.socket.close());
    // A webhook starts at the board's version; moved back to 0 it is sent board.created too.
    const hook = await t.http
      .post(`/api/boards/${boardId}/webhooks`)
      .set(owner.auth)
      .send({ url: receiver.url('/all') })
      .expect(201);
    await t.db.update(webhooks).set({ cursor: 0 }).where(eq(webhooks.id, hook.body._id));

    const added = await t.http
      .post(`/api/cards/${ids.cardId}/attachments`)
      .set(owner.auth)
      .attach('file', Buffer.from('minutes of the meeting'), 'notes.txt')
      .expect(201);
    await t.http.delete(`/api/attachments/${added.body._id}`).set(owner.auth).expect(200);
    const last = STEPS.at(-1)!;
    expect(last.type).toBe('board.deleted');
    for (const step of STEPS) {
      if (step === last) {
        // A deleted board takes its log and its webhooks with it: both are read before.
        const board = await t.http.get(`/api/boards/${boardId}`).set(owner.auth).expect(200);
        await receiver.waitFor(board.body.version as number, (r) => r.path === '/all');
        const log = await t.http.get(`/api/boards/${boardId}/events?after=0`).set(owner.auth).expect(200);
        logged.push(...(log.body.events as BoardEvent[]));
      }
      const r = step.request(ids, extra);
      const req = t.http[r.method](r.path).set(owner.auth);
      const res = r.body ? await req.send(r.body) : await req;
      if (res.status >= 300) throw new Error(`${step.type}: ${res.status} ${JSON.stringify(res.body)}`);
      Object.assign(extra, step.keep?.(res.body) ?? {});
    }
    await live.waitFor((e) => e.type === 'board.deleted');
    await sse.waitForEvent((e) => e.type === 'board.deleted');
    await multiplexed.waitForEvent((e) => e.type === 'board.deleted');
    await until(() => stream.events.some((e) => e.type === 'board.deleted'), 'board.deleted on /stream');
    await settle(100);

    const hooked = receiver.received.filter((r) => r.path === '/all');
    const channels: Record<string, BoardEvent[]> = {
      socket: live.events,
      sse: sse.events,
      multiplexed: multiplexed.events,
      stream: stream.events,
      webhook: hooked.map(withoutId),
      log: logged,
    };
    for (const [channel, events] of Object.entries(channels)) expectValid(channel, events);

    const all = new Set<BoardEventType>(BOARD_EVENT_TYPES);
    const but = (type: BoardEventType) => new Set([...all].filter((x) => x !== type));
    expect(types(channels.socket)).toEqual(but('board.created'));
    expect(types(channels.sse)).toEqual(all);
    expect(types(channels.multiplexed)).toEqual(all);
    expect(types(channels.stream)).toEqual(all);
    expect(types(channels.webhook)).toEqual(but('board.deleted'));
    expect(types(channels.log)).toEqual(but('board.deleted'));

    // One event per version, every version once, and the same object on every channel.
    const versions = channels.sse.map((e) => e.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    const reference = byVersion(channels.sse);
    for (const [channel, events] of Object.entries(channels)) {
      expect({ channel, count: byVersion(events).size }).toEqual({ channel, count: events.length });
      for (const event of events)
        expect({ channel, event }).toEqual({ channel, event: reference.get(event.version) });
    }
    // SSE frames: `event:` the type, `id:` the version (multiplexed: boardId:version).
    expect(sse.frames.map((f) => [f.event, f.id])).toEqual(
      channels.sse.map((e) => [e.type, String(e.version)]),
    );
    expect(multiplexed.frames.map((f) => f.id)).toEqual(channels.sse.map((e) => `${boardId}:${e.version}`));
    // Webhook bodies: `id` is the webhook-id header, unique per event and webhook.
    for (const r of hooked) expect(r.json.id).toBe(r.headers['webhook-id']);
    expect(new Set(hooked.map((r) => r.json.id)).size).toBe(hooked.length);
  });

  it('sends the webhook test body as the same envelope, with type webhook.test', async () => {
    const board = await createBoard(t, owner, 'Tested');
    const hook = await t.http
      .post(`/api/boards/${board._id}/webhooks`)
      .set(owner.auth)
      .send({ url: receiver.url('/test') })
      .expect(201);
    await t.http.post(`/api/boards/${board._id}/webhooks/${hook.body._id}/test`).set(owner.auth).expect(200);
    const [got] = await receiver.waitFor(1, (r) => r.path === '/test');
    expect(Object.keys(got.json)).toEqual([
      'id',
      'boardId',
      'version',
      'type',
      'actorId',
      'occurredAt',
      'payload',
    ]);
    expect(got.json).toEqual({
      id: got.headers['webhook-id'],
      boardId: board._id,
      version: 1,
      type: WEBHOOK_TEST_EVENT,
      actorId: owner._id,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      payload: { webhookId: hook.body._id },
    });
  });

  describe('an event that fails the schema', () => {
    let errors: jest.SpyInstance;
    beforeEach(() => {
      errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => errors.mockRestore());

    it('is sent on no live channel, and logged once', async () => {
      const ids = await seedBoardWorld(t, owner, []);
      const { boardId } = ids;
      const socket: ClientSocket = await connect(url, owner.token);
      closers.push(() => socket.close());
      await joinBoard(socket, boardId);
      const live = new EventLog(socket);
      const sse = await SseClient.open(`${url}/api/boards/${boardId}/stream`, owner.auth);
      closers.push(() => sse.close());
      const stream = await streamReader(url, owner.token, boardId, 1);
      closers.push(() => stream.socket.close());

      // A bug's event: version 2 of list.updated without its title.
      const bad = {
        boardId,
        version: 2,
        type: 'list.updated',
        actorId: owner._id,
        payload: { _id: ids.listId },
      };
      await t.app.get(DomainEvents).publish('board', bad as unknown as BoardEvent);
      await t.http.put(`/api/lists/${ids.listId}`).set(owner.auth).send({ title: 'Renamed' }).expect(200);
      await live.waitFor((e) => e.version === 2);
      await sse.waitForEvent((e) => e.version === 2);
      await until(() => stream.events.length > 0, 'the change on /stream');
      await settle(100);

      for (const events of [live.events, sse.events, stream.events]) {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ version: 2, type: 'list.updated', payload: { title: 'Renamed' } });
      }
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls[0][0]).toContain('list.updated v2: payload.title: Invalid input');
    });

    it('in the log is not served: the reader reads the whole board (410), and no webhook gets it', async () => {
      const ids = await seedBoardWorld(t, owner, []);
      const { boardId } = ids;
      const hook = await t.http
        .post(`/api/boards/${boardId}/webhooks`)
        .set(owner.auth)
        .send({ url: receiver.url('/skip') })
        .expect(201);
      // Written behind the app's back: version 2 is a card.moved whose cards are not a list.
      await t.db.insert(boardEvents).values({
        boardId,
        version: 2,
        type: 'card.moved',
        actorId: owner._id,
        payload: {
          cardId: null,
          fromListId: null,
          toListId: null,
          position: null,
          laneId: null,
          cards: 'none',
        },
        occurredAt: new Date(),
      });
      await t.db
        .update(boards)
        .set({ version: sql`${boards.version} + 1` })
        .where(eq(boards.id, boardId));
      const { BoardAccessCache } = await import('../../src/modules/board-access/board-access.cache');
      t.app.get(BoardAccessCache).reset();

      const gone = await t.http.get(`/api/boards/${boardId}/events?after=1`).set(owner.auth);
      expect(gone.status).toBe(410);
      expect(gone.body.version).toBe(2);
      await t.http.put(`/api/lists/${ids.listId}`).set(owner.auth).send({ title: 'Renamed' }).expect(200);
      const after = await t.http.get(`/api/boards/${boardId}/events?after=2`).set(owner.auth).expect(200);
      expect(after.body.events.map((e: BoardEvent) => e.version)).toEqual([3]);

      const [got] = await receiver.waitFor(1, (r) => r.path === '/skip');
      await settle(300);
      expect(receiver.received.filter((r) => r.path === '/skip').map((r) => r.json.version)).toEqual([3]);
      expect(got.json.id).toBe(`msg_${String(hook.body._id).replaceAll('-', '')}_3`);
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringContaining('card.moved v2: payload.cards: Invalid input: expected array'),
      ]);
    });
  });
});
