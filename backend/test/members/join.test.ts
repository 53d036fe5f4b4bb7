import type { BoardEvent } from '@papan/shared';
import { eq } from 'drizzle-orm';
import { activities, blockedUsers, boardInvitations } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('members', () => {
  let t: TestApp;
  let owner: TestUser;
  const events: BoardEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Olive Owner' });
    t.app.get(DomainEvents).on('board', (e) => e.type !== 'board.created' && events.push(e));
  });
  afterAll(() => t.close());

  const join = (boardId: string, user: TestUser) => t.http.post(`/api/boards/${boardId}/join`).set(user.auth);
  const read = (boardId: string, user: TestUser) => t.http.get(`/api/boards/${boardId}`).set(user.auth);
  const closeLink = (boardId: string) =>
    t.http.put(`/api/boards/${boardId}`).set(owner.auth).send({ linkJoining: false });
  const feed = async (boardId: string) =>
    (await t.http.get(`/api/boards/${boardId}/activities`).set(owner.auth)).body as {
      actionType: string;
      description: string;
      userId: { _id: string };
    }[];
  const notifications = async (user: TestUser) =>
    (await t.http.get('/api/notifications').set(user.auth)).body as { text: string; boardId: string }[];

  describe('join', () => {
    it('makes any signed-in user a member of a board with link joining on (the default)', async () => {
      const board = await createBoard(t, owner, 'Open house');
      const visitor = await createUser(t, { name: 'Vic Visitor' });
      expect((await read(board._id, visitor)).status).toBe(403);

      const res = await join(board._id, visitor);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'You joined the board.',
        member: {
          _id: visitor._id,
          name: 'Vic Visitor',
          email: visitor.email,
          avatarUrl: expect.any(String),
        },
      });
      expect((await read(board._id, visitor)).status).toBe(200);
      expect((await feed(board._id))[0]).toMatchObject({
        actionType: 'JOIN_BOARD',
        description: 'joined the board',
        userId: { _id: visitor._id },
      });
      expect(await notifications(owner)).toContainEqual(
        expect.objectContaining({ text: 'Vic Visitor joined your board "Open house"', boardId: board._id }),
      );
      expect(await notifications(visitor)).toEqual([]);
      expect(events.filter((e) => e.boardId === board._id)).toEqual([
        expect.objectContaining({ type: 'member.added', actorId: visitor._id, payload: res.body.member }),
      ]);
    });

    it('is idempotent for members and the owner: nothing is written again', async () => {
      const board = await createBoard(t, owner);
      const member = await createUser(t);
      await seedMember(t, board._id, member);
      const version = (await read(board._id, owner)).body.version as number;

      const byMember = await join(board._id, member);
      const byOwner = await join(board._id, owner);

      expect(byMember.status).toBe(200);
      expect(byMember.body.member._id).toBe(member._id);
      expect(byOwner.status).toBe(200);
      expect(byOwner.body.member._id).toBe(owner._id);
      expect((await read(board._id, owner)).body.version).toBe(version);
      expect((await feed(board._id)).map((a) => a.actionType)).toEqual(['CREATE_BOARD']);
    });

    it('writes one membership and one activity when the same user joins five times at once', async () => {
      const board = await createBoard(t, owner);
      const visitor = await createUser(t);
      const answers = await Promise.all(Array.from({ length: 5 }, () => join(board._id, visitor)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const members = (await read(board._id, owner)).body.members as { _id: string }[];
      expect(members.filter((m) => m._id === visitor._id)).toHaveLength(1);
      const joins = await t.db.select().from(activities).where(eq(activities.boardId, board._id));
      expect(joins.filter((a) => a.actionType === 'JOIN_BOARD')).toHaveLength(1);
    });

    it('refuses with 403 when link joining is off and there is no invitation', async () => {
      const board = await createBoard(t, owner);
      await closeLink(board._id);
      const visitor = await createUser(t);
      const res = await join(board._id, visitor);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This board can only be joined by invitation.');
      expect((await read(board._id, visitor)).status).toBe(403);
    });

    it('lets an invited user in with link joining off, consuming the invitation', async () => {
      const board = await createBoard(t, owner);
      await closeLink(board._id);
      const visitor = await createUser(t);
      await t.db
        .insert(boardInvitations)
        .values({ boardId: board._id, email: visitor.email, invitedBy: owner._id });

      expect((await join(board._id, visitor)).status).toBe(200);

      expect((await read(board._id, visitor)).status).toBe(200);
      expect(
        await t.db.select().from(boardInvitations).where(eq(boardInvitations.boardId, board._id)),
      ).toEqual([]);
    });

    it('refuses with 403 a user the owner has blocked, even with link joining on', async () => {
      const board = await createBoard(t, owner);
      const blocked = await createUser(t);
      await t.db.insert(blockedUsers).values({ blockerId: owner._id, blockedId: blocked._id });
      const res = await join(board._id, blocked);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot join this board.');
      expect((await read(board._id, blocked)).status).toBe(403);
    });

    it('joins the caller of the token, whatever user id the body names', async () => {
      const board = await createBoard(t, owner);
      const visitor = await createUser(t);
      const other = await createUser(t);
      const res = await t.http
        .post(`/api/boards/${board._id}/join`)
        .set(visitor.auth)
        .send({ userId: other._id, _id: other._id, email: other.email });
      expect(res.body.member._id).toBe(visitor._id);
      expect((await read(board._id, other)).status).toBe(403);
    });

    it('answers 404 for an unknown board, 400 for a malformed id and 401 without a token', async () => {
      const visitor = await createUser(t);
      expect((await join('00000000-0000-4000-8000-000000000000', visitor)).status).toBe(404);
      expect((await join("1' OR '1'='1", visitor)).status).toBe(400);
      const board = await createBoard(t, owner);
      expect((await t.http.post(`/api/boards/${board._id}/join`)).status).toBe(401);
    });
  });
});
