import { io, type Socket } from 'socket.io-client';
import { decode } from 'jsonwebtoken';
import type {
  BoardEvent,
  StreamClientToServerEvents,
  StreamEnded,
  StreamServerToClientEvents,
  StreamSubscribeAck,
} from '@papan/shared';
import { blockedUsers } from '../../src/database/schema';
import { createToken } from '../api-tokens/token-fixtures';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { bumpVersion, createUser, login, seedMember } from '../helpers/factories';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { StreamHub } from '../../src/modules/stream/stream-hub';

type StreamSocket = Socket<StreamServerToClientEvents, StreamClientToServerEvents>;

/** A real socket.io client on `/stream`, with what it received in order. */
class Reader {
  readonly events: BoardEvent[] = [];
  readonly ended: StreamEnded[] = [];
  /** Everything in arrival order: events by version, acks as 'ack'. */
  readonly order: (number | 'ack')[] = [];
  disconnected = false;

  constructor(readonly socket: StreamSocket) {
    socket.on('board:event', (e) => {
      this.events.push(e);
      this.order.push(e.version);
    });
    socket.on('stream:ended', (e) => this.ended.push(e));
    socket.on('disconnect', () => (this.disconnected = true));
  }

  /** The ack is put in order as it is read: an event read in the same frame comes after it. */
  subscribe(boardId: string, after?: number): Promise<StreamSubscribeAck> {
    return new Promise((resolve, reject) =>
      this.socket
        .timeout(5000)
        .emit('subscribe', { boardId, after }, (err: Error | null, ack: StreamSubscribeAck) => {
          if (err) return reject(err);
          this.order.push('ack');
          resolve(ack);
        }),
    );
  }

  async until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (check()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${what} within ${timeoutMs} ms; got ${JSON.stringify(this.order)}`);
  }
}

function connectStream(url: string, token?: string): Promise<StreamSocket> {
  const socket: StreamSocket = io(`${url}/stream`, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/**
 * socket.io namespace `/stream` with subscribe, replay and live events (docs/realtime.md,
 * "The stream namespace").
 */
describe('socket.io namespace /stream', () => {
  let t: TestApp;
  let url: string;
  let cast: Cast;
  const sockets: StreamSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    cast = await castOf(t);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  const reader = async (token: string) => {
    const socket = await connectStream(url, token);
    sockets.push(socket);
    return new Reader(socket);
  };
  const versionOf = async (boardId: string): Promise<number> =>
    (await t.http.get(`/api/boards/${boardId}`).set(cast.owner.auth)).body.version as number;
  const addList = (boardId: string, title: string) =>
    t.http.post(`/api/boards/${boardId}/lists`).set(cast.owner.auth).send({ title });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  describe('connecting', () => {
    it('takes an API token or a session JWT, and refuses none, a bad one or a token without a read scope', async () => {
      const token = await createToken(t, cast.member, { scopes: ['events:read'] });
      expect((await reader(token.token)).socket.connected).toBe(true);
      expect((await reader(cast.member.token)).socket.connected).toBe(true);
      await expect(connectStream(url)).rejects.toThrow('Unauthorized');
      await expect(connectStream(url, 'papan_not-a-real-token-000000000000000000')).rejects.toThrow(
        'Unauthorized',
      );
    });
  });

  describe('subscribe', () => {
    it('replays the events after `after` before the ack, then live ones, each version once and in order under concurrent changes', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const start = await versionOf(boardId);
      for (let i = 0; i < 5; i++) await addList(boardId, `Before ${i}`);
      const r = await reader((await createToken(t, cast.member)).token);
      const racing = Promise.all(Array.from({ length: 15 }, (_, i) => addList(boardId, `During ${i}`)));
      const ack = await r.subscribe(boardId, start);
      await racing;
      expect(ack).toMatchObject({ ok: true });
      const acked = (ack as { version: number }).version;
      // Everything up to the ack's version came before the ack.
      expect(r.order.slice(0, r.order.indexOf('ack'))).toEqual(range(start + 1, acked));
      for (let i = 0; i < 3; i++) await addList(boardId, `After ${i}`);
      const end = await versionOf(boardId);
      await r.until(() => r.events.at(-1)?.version === end, 'the last version');
      expect(r.events.map((e) => e.version)).toEqual(range(start + 1, end));
    });

    it('sends a change committed between the replay and the ack after the ack', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const start = await versionOf(boardId);
      await addList(boardId, 'Replayed');
      const hub = t.app.get(StreamHub);
      const subscribe = hub.subscribe.bind(hub);
      // A change lands once the replay is done and before the gateway has answered.
      const gap = jest.spyOn(hub, 'subscribe').mockImplementationOnce(async (...args) => {
        const subscription = await subscribe(...args);
        await addList(boardId, 'In the gap');
        await new Promise((r) => setTimeout(r, 50));
        return subscription;
      });
      try {
        const r = await reader(cast.member.token);
        expect(await r.subscribe(boardId, start)).toEqual({ ok: true, version: start + 1 });
        await r.until(() => r.events.length === 2, 'the change in the gap');
        expect(r.order).toEqual([start + 1, 'ack', start + 2]);
      } finally {
        gap.mockRestore();
      }
    });

    it('without `after` starts from now, acknowledging the current version', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      await addList(boardId, 'Old');
      const r = await reader(cast.member.token);
      expect(await r.subscribe(boardId)).toEqual({ ok: true, version: await versionOf(boardId) });
      await addList(boardId, 'New');
      await r.until(() => r.events.length === 1, 'one event');
      expect(r.events[0].payload).toMatchObject({ title: 'New' });
    });

    it("answers {ok:false, error:'resync', version} when `after` is older than the log", async () => {
      const { _id: boardId } = await castBoard(t, cast);
      await bumpVersion(t, boardId);
      const r = await reader(cast.member.token);
      expect(await r.subscribe(boardId, 0)).toEqual({
        ok: false,
        error: 'resync',
        version: await versionOf(boardId),
      });
      expect(r.events).toEqual([]);
    });

    it('answers {ok:false, error} for bad input (400), a non-member (403), an unknown board (404) and a board outside the token', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const other = (await castBoard(t, cast, 'Other'))._id;
      const r = await reader(cast.stranger.token);
      expect(await r.subscribe('nope')).toMatchObject({ ok: false, status: 400 });
      expect(await r.socket.timeout(5000).emitWithAck('subscribe', { boardId, after: -1 })).toMatchObject({
        ok: false,
        status: 400,
      });
      expect(await r.subscribe(boardId)).toMatchObject({ ok: false, status: 403 });
      expect(await r.subscribe('00000000-0000-4000-8000-000000000000')).toMatchObject({
        ok: false,
        status: 404,
      });
      const limited = await reader((await createToken(t, cast.member, { boardIds: [boardId] })).token);
      expect(await limited.subscribe(other)).toMatchObject({ ok: false, status: 403 });
      expect(await limited.subscribe(boardId)).toMatchObject({ ok: true });
    });

    it('hides comments from a reader their author has blocked', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const listId = (await addList(boardId, 'L')).body._id as string;
      const cardId = (
        await t.http.post(`/api/lists/${listId}/cards`).set(cast.owner.auth).send({ title: 'C' })
      ).body._id as string;
      await t.db.insert(blockedUsers).values({ blockerId: cast.owner._id, blockedId: cast.member._id });
      try {
        const r = await reader(cast.member.token);
        await r.subscribe(boardId);
        await t.http.post(`/api/cards/${cardId}/comments`).set(cast.owner.auth).send({ text: 'hidden' });
        await addList(boardId, 'Visible');
        await r.until(() => r.events.length === 1, 'the list');
        expect(r.events.map((e) => e.type)).toEqual(['list.created']);
      } finally {
        await t.db.delete(blockedUsers);
      }
    });

    it('stops sending after unsubscribe', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const r = await reader(cast.member.token);
      await r.subscribe(boardId);
      expect(await r.socket.timeout(5000).emitWithAck('unsubscribe', { boardId })).toEqual({ ok: true });
      await addList(boardId, 'Unseen');
      const watcher = await reader(cast.owner.token);
      await watcher.subscribe(boardId);
      await addList(boardId, 'Seen by the watcher');
      await watcher.until(() => watcher.events.length === 1, 'the watcher event');
      expect(r.events).toEqual([]);
    });
  });

  describe('access ends', () => {
    it('disconnects when the token is revoked', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const token = await createToken(t, cast.member);
      const r = await reader(token.token);
      await r.subscribe(boardId);
      await t.http.delete(`/api/tokens/${token._id}`).set(cast.member.auth);
      await r.until(() => r.disconnected, 'a disconnect', 1000);
    });

    it('disconnects when the token expires', async () => {
      const token = await createToken(t, cast.member, {
        expiresAt: new Date(Date.now() + 1500).toISOString(),
      });
      const r = await reader(token.token);
      await r.until(() => r.disconnected, 'a disconnect', 4000);
    });

    it('disconnects when its login session is revoked', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const user = await createUser(t, { password: 'reader-password' });
      await seedMember(t, boardId, user);
      const other = await login(t, user.email, 'reader-password');
      const r = await reader(user.token);
      await r.subscribe(boardId);
      const sid = (decode(user.token) as { sid: string }).sid;
      await t.http.delete(`/api/sessions/${sid}`).set(other.auth);
      await r.until(() => r.disconnected, 'a disconnect', 1000);
    });

    it('ends the subscription with stream:ended when the reader is removed, or the board deleted', async () => {
      const a = (await castBoard(t, cast, 'A'))._id;
      const b = (await castBoard(t, cast, 'B'))._id;
      const r = await reader(cast.member.token);
      await r.subscribe(a);
      await r.subscribe(b);
      await t.http.delete(`/api/boards/${a}/members/${cast.member._id}`).set(cast.owner.auth);
      await t.http.delete(`/api/boards/${b}/permanent`).set(cast.owner.auth);
      await r.until(() => r.ended.length === 2, 'two endings');
      expect(r.ended.map(({ boardId, reason }) => ({ boardId, reason }))).toEqual([
        { boardId: a, reason: 'removed' },
        { boardId: b, reason: 'deleted' },
      ]);
      expect(r.events.map((e) => e.type)).toEqual(['member.removed', 'board.deleted']);
      expect(r.disconnected).toBe(false);
    });
  });
});
