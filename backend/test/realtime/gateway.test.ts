import { castBoard, castOf } from '../helpers/cast';
import type { TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the socket.io gateway', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const sockets: ClientSocket[] = [];
  const open = async (user: TestUser) => {
    const s = await connect(url, user.token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    ({ owner, member, stranger } = await castOf(t));
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  // Handshake refusals (no, forged or revoked token; foreign Origin) live in test/security/.
  describe('board:join', () => {
    it('acknowledges a member with the board version and refuses a non-member', async () => {
      const board = await castBoard(t, { owner, member });
      const ack = await joinBoard(await open(member), board._id);
      expect(ack).toEqual({ ok: true, version: expect.any(Number) });
      expect(await joinBoard(await open(stranger), board._id)).toEqual({
        ok: false,
        error: 'You are not a member of this board.',
      });
      expect(await joinBoard(await open(stranger), 'nope')).toEqual({
        ok: false,
        error: 'boardId: must be a valid id',
      });
    });

    it('tells everyone in the room who is viewing', async () => {
      const board = await castBoard(t, { owner, member });
      const ownerSocket = await open(owner);
      await joinBoard(ownerSocket, board._id);
      const seen = new Promise<string[]>((resolve) =>
        ownerSocket.on(
          'board:presence',
          (p) => p.users.length === 2 && resolve(p.users.map((u) => u.name).sort()),
        ),
      );
      await joinBoard(await open(member), board._id);
      expect(await seen).toEqual(['Member', 'Owner']);
    });
  });

  describe('board events', () => {
    it('reaches members and the actor with the version one higher, and never a non-member', async () => {
      const board = await castBoard(t, { owner, member });
      const ownerSocket = await open(owner);
      const memberSocket = await open(member);
      const strangerSocket = await open(stranger);
      const { version } = (await joinBoard(ownerSocket, board._id)) as { version: number };
      await joinBoard(memberSocket, board._id);
      await joinBoard(strangerSocket, board._id);
      const [ownerLog, memberLog, strangerLog] = [ownerSocket, memberSocket, strangerSocket].map(
        (s) => new EventLog(s),
      );

      await t.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ title: 'Renamed' });
      for (const log of [ownerLog, memberLog]) {
        const e = await log.waitFor((x) => x.type === 'board.updated');
        expect(e).toMatchObject({
          boardId: board._id,
          version: version + 1,
          actorId: owner._id,
          payload: { title: 'Renamed' },
        });
      }
      await settle();
      expect(strangerLog.events).toEqual([]);
    });

    it('sends nothing more to a member once removed', async () => {
      const board = await castBoard(t, { owner, member });
      const memberSocket = await open(member);
      await joinBoard(memberSocket, board._id);
      const log = new EventLog(memberSocket);
      const removed = await t.http.delete(`/api/boards/${board._id}/members/${member._id}`).set(owner.auth);
      expect(removed.status).toBe(200);
      await log.waitFor((e) => e.type === 'member.removed');
      const count = log.events.length;
      await t.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ title: 'Secret plans' });
      await settle();
      expect(log.events.length).toBe(count);
      expect(JSON.stringify(log.events)).not.toContain('Secret plans');
    });
  });

  // Sockets dropped when sessions end: test/security/session-revocation.test.ts.
  describe('hostile packets', () => {
    it('closes a connection that sends a malformed packet and keeps the others', async () => {
      const victim = await open(owner);
      const bystander = await open(member);
      const closed = new Promise((resolve) => victim.on('disconnect', resolve));
      // Below socket.io: a raw engine.io message that is no socket.io packet at all.
      victim.io.engine.write('this is not a socket.io packet');
      await closed;
      expect(bystander.connected).toBe(true);
      expect(await joinBoard(bystander, '00000000-0000-4000-8000-000000000000')).toEqual({
        ok: false,
        error: 'Board not found',
      });
    });

    it('closes a connection that sends an oversized packet and keeps the others', async () => {
      const victim = await open(owner);
      const bystander = await open(member);
      const closed = new Promise((resolve) => victim.on('disconnect', resolve));
      // Untyped on purpose: a hostile client sends whatever it likes.
      (victim.emit as (event: string, body: unknown) => void)('board:join', { boardId: 'x'.repeat(200_000) });
      await closed;
      expect(bystander.connected).toBe(true);
    });
  });
});
