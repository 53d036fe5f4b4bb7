import { decode } from 'jsonwebtoken';
import type { BoardPresence } from '@papan/shared';
import { createClient } from 'redis';
import { createBoard, createUser, login, seedMember, type TestUser } from '../helpers/factories';
import { OFFSET_EVENT } from '../../src/modules/realtime/local-first';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Connection-state recovery is on with the Redis adapter: needs TEST_REDIS_URL (or CI's server run). */
const redisUrl =
  process.env.TEST_REDIS_URL ?? (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);
const describeWithRedis = redisUrl ? describe : describe.skip;

/** How a reconnection ended: recovered (rooms and missed events restored), fresh, or refused. */
type Outcome = 'recovered' | 'fresh' | 'refused';

describeWithRedis('a socket recovered after a cut is checked again (Redis)', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    await redis.quit();
    t = await startTestApp({ redisUrl: redisUrl! });
    url = await listen(t);
    owner = await createUser(t, { name: 'Owner' });
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  /** A socket that reconnects by itself, joined to the board, holding a recovery offset. */
  async function watching(user: TestUser, boardId: string): Promise<{ socket: ClientSocket; log: EventLog }> {
    const socket = await connect(url, user.token, { reconnection: true, reconnectionDelay: 50 });
    sockets.push(socket);
    // The presence broadcast's offset, which the client recovers from, follows it (local-first).
    const offset = new Promise((resolve) => socket.once(OFFSET_EVENT, resolve));
    expect(await joinBoard(socket, boardId)).toMatchObject({ ok: true });
    await offset;
    return { socket, log: new EventLog(socket) };
  }

  /**
   * Cuts the transport (no goodbye: the server keeps the session for recovery), waits until the
   * server has seen it go (the watcher hears the presence change), then for the comeback.
   */
  async function cut(
    socket: ClientSocket,
    watcher: ClientSocket,
    whileAway: () => Promise<void>,
  ): Promise<Outcome> {
    const gone = new Promise<void>((resolve) => {
      const onPresence = (p: BoardPresence) => {
        if (p.users.length !== 1) return;
        watcher.off('board:presence', onPresence);
        resolve();
      };
      watcher.on('board:presence', onPresence);
    });
    socket.io.reconnection(false);
    socket.io.engine.close();
    await gone;
    await whileAway();
    const outcome = new Promise<Outcome>((resolve) => {
      socket.once('connect', () => resolve(socket.recovered ? 'recovered' : 'fresh'));
      socket.once('connect_error', () => resolve('refused'));
    });
    socket.io.reconnection(true);
    socket.connect();
    return outcome;
  }

  /** The owner's own socket sees the change, so it has been fanned out to everyone. */
  async function renameSeen(boardId: string, ownerLog: EventLog, title: string): Promise<void> {
    const res = await t.http.put(`/api/boards/${boardId}`).set(owner.auth).send({ title });
    expect(res.status).toBe(200);
    await ownerLog.waitFor((e) => e.type === 'board.updated' && e.payload.title === title);
    await settle(200);
  }

  const titlesIn = (log: EventLog) =>
    log.events.flatMap((e) => (e.type === 'board.updated' ? [e.payload.title] : []));

  it('recovers a socket whose session and membership still hold, with the events it missed', async () => {
    const board = await createBoard(t, owner);
    const member = await createUser(t);
    await seedMember(t, board._id, member);
    const ownerSide = await watching(owner, board._id);
    const { socket, log } = await watching(member, board._id);
    const outcome = await cut(socket, ownerSide.socket, () =>
      renameSeen(board._id, ownerSide.log, 'While away'),
    );
    expect(outcome).toBe('recovered');
    await log.waitFor((e) => e.type === 'board.updated');
    expect(titlesIn(log)).toEqual(['While away']);
  });

  it('refuses a socket whose login session was revoked while it was away, and replays it nothing', async () => {
    const board = await createBoard(t, owner);
    const member = await createUser(t, { password: 'member-password' });
    await seedMember(t, board._id, member);
    const other = await login(t, member.email, 'member-password');
    const ownerSide = await watching(owner, board._id);
    const { socket, log } = await watching(member, board._id);
    const sid = (decode(member.token) as { sid: string }).sid;

    const outcome = await cut(socket, ownerSide.socket, async () => {
      expect((await t.http.delete(`/api/sessions/${sid}`).set(other.auth)).status).toBe(200);
      await renameSeen(board._id, ownerSide.log, 'Missed after revocation');
    });
    expect(outcome).toBe('refused');
    await renameSeen(board._id, ownerSide.log, 'Later');
    expect(titlesIn(log)).toEqual([]);
  });

  it('recovers a removed member without the board: no missed and no later events of it', async () => {
    const board = await createBoard(t, owner);
    const member = await createUser(t);
    await seedMember(t, board._id, member);
    const ownerSide = await watching(owner, board._id);
    const { socket, log } = await watching(member, board._id);

    const outcome = await cut(socket, ownerSide.socket, async () => {
      const removed = await t.http.delete(`/api/boards/${board._id}/members/${member._id}`).set(owner.auth);
      expect(removed.status).toBe(200);
      await renameSeen(board._id, ownerSide.log, 'Missed after removal');
    });
    expect(outcome).toBe('recovered');
    await renameSeen(board._id, ownerSide.log, 'Later');
    expect(titlesIn(log)).toEqual([]);
  });

  it('keeps none of the first user’s rooms when the socket comes back with another user’s token', async () => {
    const board = await createBoard(t, owner);
    const member = await createUser(t);
    await seedMember(t, board._id, member);
    const stranger = await createUser(t);
    const ownerSide = await watching(owner, board._id);
    const { socket, log } = await watching(member, board._id);

    const outcome = await cut(socket, ownerSide.socket, async () => {
      socket.auth = { token: stranger.token };
    });
    expect(outcome).toBe('recovered');
    await renameSeen(board._id, ownerSide.log, 'Not for the stranger');
    expect(titlesIn(log)).toEqual([]);
  });
});
