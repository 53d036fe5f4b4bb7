import type { BoardEvent } from '@papan/shared';
import { and, eq } from 'drizzle-orm';
import { boardPins } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { castBoard, castOf } from '../helpers/cast';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('members', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const events: BoardEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member, stranger } = await castOf(t, {
      owner: 'Olive Owner',
      member: 'Max <b>Member</b>',
      stranger: 'Test User',
    }));
    t.app.get(DomainEvents).on('board', (e) => e.type !== 'board.created' && events.push(e));
  });
  afterAll(() => t.close());

  const remove = (boardId: string, userId: string, user: TestUser) =>
    t.http.delete(`/api/boards/${boardId}/members/${userId}`).set(user.auth);
  const read = (boardId: string, user: TestUser) => t.http.get(`/api/boards/${boardId}`).set(user.auth);
  const memberIds = async (boardId: string) =>
    ((await read(boardId, owner)).body.members as { _id: string }[]).map((m) => m._id);

  describe('remove', () => {
    it('takes a member off the board: their very next read is 403, their feed and lists forget it', async () => {
      const board = await castBoard(t, { owner, member }, 'Secret plans');
      await t.http.put(`/api/boards/${board._id}/toggle-pin`).set(member.auth);
      const feedBefore = (await t.http.get('/api/activities').set(member.auth)).body as { boardId: string }[];
      expect(feedBefore.map((a) => a.boardId)).toContain(board._id);

      const res = await remove(board._id, member._id, owner);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Member removed', _id: member._id });
      expect((await read(board._id, member)).status).toBe(403);
      expect((await t.http.get(`/api/boards/${board._id}/activities`).set(member.auth)).status).toBe(403);
      const feedAfter = (await t.http.get('/api/activities').set(member.auth)).body as { boardId: string }[];
      expect(feedAfter.map((a) => a.boardId)).not.toContain(board._id);
      const boards = (await t.http.get('/api/boards').set(member.auth)).body as { _id: string }[];
      expect(boards.map((b) => b._id)).not.toContain(board._id);
      const pins = await t.db
        .select()
        .from(boardPins)
        .where(and(eq(boardPins.boardId, board._id), eq(boardPins.userId, member._id)));
      expect(pins).toEqual([]);
      expect(await memberIds(board._id)).toEqual([owner._id]);
      const [latest] = (await t.http.get(`/api/boards/${board._id}/activities`).set(owner.auth)).body;
      expect(latest).toMatchObject({
        actionType: 'REMOVE_MEMBER',
        description: 'removed <strong>Max &lt;b&gt;Member&lt;/b&gt;</strong> from the board',
        userId: { _id: owner._id },
      });
      expect(events.filter((e) => e.boardId === board._id)).toEqual([
        expect.objectContaining({
          type: 'member.removed',
          actorId: owner._id,
          payload: { userId: member._id },
        }),
      ]);
    });

    it('never removes the owner: 400', async () => {
      const board = await createBoard(t, owner);
      const res = await remove(board._id, owner._id, owner);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The board owner cannot be removed.');
      expect((await read(board._id, owner)).status).toBe(200);
    });

    it('is the owner’s alone: members and strangers get 403 and nothing changes', async () => {
      const board = await createBoard(t, owner);
      const other = await createUser(t);
      await seedMember(t, board._id, member);
      await seedMember(t, board._id, other);
      expect((await remove(board._id, other._id, member)).status).toBe(403);
      expect((await remove(board._id, member._id, member)).status).toBe(403);
      expect((await remove(board._id, owner._id, member)).status).toBe(403);
      expect((await remove(board._id, member._id, stranger)).status).toBe(403);
      expect(await memberIds(board._id)).toEqual([owner._id, member._id, other._id]);
    });

    it('answers 404 for a user who is not a member and leaves the version alone', async () => {
      const board = await createBoard(t, owner);
      const version = (await read(board._id, owner)).body.version as number;
      const res = await remove(board._id, stranger._id, owner);
      expect(res.status).toBe(404);
      expect((await remove(board._id, '00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
      expect((await read(board._id, owner)).body.version).toBe(version);
    });

    it('answers 400 for malformed ids and 404 for an unknown board', async () => {
      const board = await createBoard(t, owner);
      expect((await remove(board._id, 'not-a-uuid', owner)).status).toBe(400);
      expect((await remove('not-a-uuid', member._id, owner)).status).toBe(400);
      expect((await remove(board._id, "x'; drop table users; --", owner)).status).toBe(400);
      expect((await remove('00000000-0000-4000-8000-000000000000', member._id, owner)).status).toBe(404);
    });

    it('bars a removed member from joining again by link until invited (docs/api.md)', async () => {
      const board = await castBoard(t, { owner, member });
      await remove(board._id, member._id, owner);
      expect((await t.http.post(`/api/boards/${board._id}/join`).set(member.auth)).status).toBe(403);
      expect((await read(board._id, member)).status).toBe(403);
      await t.http.post(`/api/boards/${board._id}/members`).set(owner.auth).send({ email: member.email });
      expect((await read(board._id, member)).status).toBe(200);
    });
  });
});
