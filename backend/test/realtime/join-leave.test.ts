import type { Socket } from 'socket.io-client';
import { BoardAccess, NOT_A_MEMBER } from '../../src/modules/board-access/board-access.service';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const UNKNOWN_BOARD = '00000000-0000-4000-8000-000000000000';

describe('board:join and board:leave', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  const sockets: (ClientSocket | Socket)[] = [];
  const open = async (user: TestUser) => {
    const s = await connect(url, user.token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    owner = await createUser(t, { name: 'Owner' });
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  describe('a flood of events from one socket', () => {
    it('is refused beyond the budget, and the server and the other sockets carry on', async () => {
      const board = await createBoard(t, owner);
      const flooder = await open(owner);
      const bystander = await open(owner);
      // Untyped on purpose: a hostile client sends whatever it likes, as fast as it can.
      const raw = flooder as unknown as Socket;
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          raw.timeout(10_000).emitWithAck(i % 2 ? 'board:leave' : 'board:join', {
            boardId: i % 4 ? UNKNOWN_BOARD : board._id,
          }),
        ),
      );
      const refused = answers.filter((a) => a.ok === false && a.error === 'Too many requests');
      expect(refused.length).toBeGreaterThan(200);
      expect(answers.slice(0, 10).every((a) => a.error !== 'Too many requests')).toBe(true);
      expect(bystander.connected).toBe(true);
      expect(await joinBoard(bystander, board._id)).toMatchObject({ ok: true });
      expect((await t.http.get('/api/health')).status).toBeLessThan(500);
    });

    it('is served again once the socket slows down', async () => {
      const board = await createBoard(t, owner);
      const socket = await open(owner);
      const answers = await Promise.all(Array.from({ length: 100 }, () => joinBoard(socket, board._id)));
      expect(answers.filter((a) => !a.ok && a.error === 'Too many requests').length).toBeGreaterThan(50);
      await settle(1500);
      expect(await joinBoard(socket, board._id)).toMatchObject({ ok: true });
    });
  });

  describe('board:leave', () => {
    it('of a room the socket is not in does nothing and announces no presence', async () => {
      const board = await createBoard(t, owner);
      const viewer = await open(owner);
      const ownJoinAnnounced = new Promise((resolve) => viewer.once('board:presence', resolve));
      expect(await joinBoard(viewer, board._id)).toMatchObject({ ok: true });
      await ownJoinAnnounced;
      const presence: unknown[] = [];
      viewer.on('board:presence', (p) => presence.push(p));
      const stranger = (await open(await createUser(t))) as unknown as Socket;
      // Someone else's board, and a board that does not exist.
      expect(await stranger.timeout(5000).emitWithAck('board:leave', { boardId: board._id })).toEqual({
        ok: true,
      });
      expect(await stranger.timeout(5000).emitWithAck('board:leave', { boardId: UNKNOWN_BOARD })).toEqual({
        ok: true,
      });
      await settle(300);
      expect(presence).toEqual([]);
    });
  });

  describe('a join racing a removal', () => {
    it('leaves the room when the removal commits between the membership check and the join', async () => {
      const board = await createBoard(t, owner);
      const member = await createUser(t, { name: 'Removed' });
      await seedMember(t, board._id, member);
      const ownerSocket = await open(owner);
      await joinBoard(ownerSocket, board._id);
      const ownerLog = new EventLog(ownerSocket);
      const memberSocket = await open(member);
      const memberLog = new EventLog(memberSocket);

      // The real check runs and says "member"; the join then waits until the removal is announced.
      const access = t.app.get(BoardAccess);
      const check = access.member.bind(access);
      let announced!: () => void;
      const removalAnnounced = new Promise<void>((resolve) => (announced = resolve));
      let checked!: () => void;
      const checkDone = new Promise<void>((resolve) => (checked = resolve));
      const spy = jest.spyOn(access, 'member').mockImplementationOnce(async (...args) => {
        const info = await check(...args);
        checked();
        await removalAnnounced;
        return info;
      });
      try {
        const joining = joinBoard(memberSocket, board._id);
        await checkDone;
        const removal = await t.http.delete(`/api/boards/${board._id}/members/${member._id}`).set(owner.auth);
        expect(removal.status).toBe(200);
        await ownerLog.waitFor((e) => e.type === 'member.removed');
        announced();
        expect(await joining).toEqual({ ok: false, error: NOT_A_MEMBER });
      } finally {
        spy.mockRestore();
      }
      await expectNoLaterEvents(board._id, ownerLog, memberLog);
    });

    it('never leaves a removed member in the room, over 15 joins and removals sent together', async () => {
      const board = await createBoard(t, owner);
      const ownerSocket = await open(owner);
      await joinBoard(ownerSocket, board._id);
      const ownerLog = new EventLog(ownerSocket);
      const logs: EventLog[] = [];
      for (let i = 0; i < 15; i++) {
        const member = await createUser(t, { name: `Member ${i}` });
        await seedMember(t, board._id, member);
        const socket = await open(member);
        logs.push(new EventLog(socket));
        await Promise.all([
          joinBoard(socket, board._id),
          t.http.delete(`/api/boards/${board._id}/members/${member._id}`).set(owner.auth),
        ]);
      }
      await expectNoLaterEvents(board._id, ownerLog, ...logs);
    });
  });

  /** A change made now reaches the owner's socket and none of the others. */
  async function expectNoLaterEvents(boardId: string, ownerLog: EventLog, ...removed: EventLog[]) {
    await settle(100);
    const counts = removed.map((l) => l.events.length);
    await t.http.put(`/api/boards/${boardId}`).set(owner.auth).send({ title: 'After the removals' });
    await ownerLog.waitFor((e) => e.type === 'board.updated');
    await settle(200);
    expect(removed.map((l) => l.events.length)).toEqual(counts);
  }
});
