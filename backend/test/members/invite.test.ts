import type { BoardEvent } from '@papan/shared';
import { eq } from 'drizzle-orm';
import { boardInvitations, blockedUsers } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { castBoard, castOf } from '../helpers/cast';
import { createBoard, createUser, uniqueEmail, type TestUser } from '../helpers/factories';
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
      member: 'Max Member',
      stranger: 'Sam Stranger',
    }));
    t.app.get(DomainEvents).on('board', (e) => e.type !== 'board.created' && events.push(e));
  });
  afterAll(() => t.close());

  const invite = (boardId: string, user: TestUser, body: unknown) =>
    t.http
      .post(`/api/boards/${boardId}/members`)
      .set(user.auth)
      .send(body as object);
  const read = (boardId: string, user: TestUser) => t.http.get(`/api/boards/${boardId}`).set(user.auth);
  const activities = async (boardId: string) =>
    (await t.http.get(`/api/boards/${boardId}/activities`).set(owner.auth)).body as {
      actionType: string;
      description: string;
      userId: { _id: string } | null;
    }[];
  const notifications = async (user: TestUser) =>
    (await t.http.get('/api/notifications').set(user.auth)).body as { text: string; boardId: string }[];
  const memberIds = async (boardId: string) =>
    ((await read(boardId, owner)).body.members as { _id: string }[]).map((m) => m._id);

  describe('invite', () => {
    it('makes an existing user a member at once and notifies only them', async () => {
      const board = await createBoard(t, owner, 'Roadmap');
      const invitee = await createUser(t, { name: 'Ivy Invitee' });
      const before = (await read(board._id, owner)).body.version as number;

      const res = await invite(board._id, owner, { email: invitee.email });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: `Invitation sent to ${invitee.email}`,
        member: {
          _id: invitee._id,
          name: 'Ivy Invitee',
          email: invitee.email,
          avatarUrl: expect.any(String),
        },
      });
      expect((await read(board._id, invitee)).status).toBe(200);
      const after = await read(board._id, owner);
      expect(after.body.version).toBe(before + 1);
      expect(after.body.members.map((m: { _id: string }) => m._id)).toEqual([owner._id, invitee._id]);
      expect(await notifications(invitee)).toEqual([
        expect.objectContaining({ text: 'Olive Owner added you to the board "Roadmap"', boardId: board._id }),
      ]);
      expect(await notifications(owner)).toEqual([]);
      expect((await activities(board._id))[0]).toMatchObject({
        actionType: 'ADD_MEMBER',
        description: 'added <strong>Ivy Invitee</strong> to the board',
        userId: { _id: owner._id },
      });
      expect(events.filter((e) => e.boardId === board._id)).toEqual([
        expect.objectContaining({
          type: 'member.added',
          actorId: owner._id,
          version: before + 1,
          payload: res.body.member,
        }),
      ]);
    });

    it('trims and lower-cases the e-mail before looking the user up', async () => {
      const board = await createBoard(t, owner);
      const invitee = await createUser(t);
      const res = await invite(board._id, owner, { email: `  ${invitee.email.toUpperCase()}  ` });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(`Invitation sent to ${invitee.email}`);
      expect(res.body.member._id).toBe(invitee._id);
    });

    it('is idempotent for a member: no second activity, notification or version', async () => {
      const board = await createBoard(t, owner);
      await invite(board._id, owner, { email: member.email });
      const version = (await read(board._id, owner)).body.version as number;
      const count = (await activities(board._id)).length;
      const notes = (await notifications(member)).length;

      const again = await invite(board._id, owner, { email: member.email });
      const self = await invite(board._id, owner, { email: owner.email });

      expect(again.status).toBe(201);
      expect(again.body.member._id).toBe(member._id);
      expect(self.body.member._id).toBe(owner._id);
      expect((await read(board._id, owner)).body.version).toBe(version);
      expect(await activities(board._id)).toHaveLength(count);
      expect(await notifications(member)).toHaveLength(notes);
    });

    it('is the owner’s alone: a member or a stranger inviting someone else gets 403', async () => {
      const board = await castBoard(t, { owner, member });
      const target = await createUser(t);
      const byMember = await invite(board._id, member, { email: target.email });
      const byStranger = await invite(board._id, stranger, { email: target.email });
      expect(byMember.status).toBe(403);
      expect(byMember.body.message).toBe('Only the board owner can do this.');
      expect(byStranger.status).toBe(403);
      expect(byStranger.body.message).toBe('You are not a member of this board.');
      expect(await memberIds(board._id)).toEqual([owner._id, member._id]);
      expect((await invite(board._id, member, { email: uniqueEmail() })).status).toBe(403);
    });

    it('refuses a user the owner has blocked, and one who has blocked the owner', async () => {
      const board = await createBoard(t, owner);
      const blocked = await createUser(t);
      const blocker = await createUser(t);
      await t.db.insert(blockedUsers).values([
        { blockerId: owner._id, blockedId: blocked._id },
        { blockerId: blocker._id, blockedId: owner._id },
      ]);
      expect((await invite(board._id, owner, { email: blocked.email })).status).toBe(403);
      expect((await invite(board._id, owner, { email: blocker.email })).status).toBe(403);
      expect(await memberIds(board._id)).toEqual([owner._id]);
    });

    it('answers 404 for an unknown board and 400 for a malformed id', async () => {
      const unknown = await invite('00000000-0000-4000-8000-000000000000', owner, { email: member.email });
      expect(unknown.status).toBe(404);
      expect((await invite('not-a-uuid', owner, { email: member.email })).status).toBe(400);
    });

    it.each([
      ['a missing e-mail', {}],
      ['an empty e-mail', { email: '' }],
      ['a blank e-mail', { email: '   ' }],
      ['a word', { email: 'not-an-email' }],
      ['a bare domain', { email: 'a@b' }],
      ['markup', { email: '<script>alert(1)</script>@example.com' }],
      ['SQL-looking text', { email: "x@example.com' OR '1'='1" }],
      ['a number', { email: 42 }],
      ['an array', { email: ['a@example.com'] }],
      ['an object', { email: { $ne: null } }],
      ['null', { email: null }],
      ['an e-mail over 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
    ])('refuses %s with 400 naming the field', async (_, body) => {
      const board = await createBoard(t, owner);
      const res = await invite(board._id, owner, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^email/);
    });

    it('refuses malformed JSON and a 1 MB body with a 4xx, never a 500', async () => {
      const board = await createBoard(t, owner);
      const broken = await t.http
        .post(`/api/boards/${board._id}/members`)
        .set(owner.auth)
        .set('Content-Type', 'application/json')
        .send('{"email": ');
      expect(broken.status).toBe(400);
      const huge = await invite(board._id, owner, { email: `${'a'.repeat(1024 * 1024)}@example.com` });
      expect([400, 413]).toContain(huge.status);
    });

    it('ignores user ids in the body: the inviter is the token’s user, the invitee the e-mail’s', async () => {
      const board = await createBoard(t, owner);
      const invitee = await createUser(t);
      const forged = await invite(board._id, member, { email: invitee.email, userId: owner._id });
      expect(forged.status).toBe(403);
      const res = await invite(board._id, owner, {
        email: invitee.email,
        userId: stranger._id,
        _id: stranger._id,
      });
      expect(res.body.member._id).toBe(invitee._id);
      expect(await memberIds(board._id)).toEqual([owner._id, invitee._id]);
    });
  });

  describe('invite of an unknown e-mail', () => {
    it('keeps one pending invitation, applied when that person registers', async () => {
      const board = await createBoard(t, owner, 'Launch');
      const email = uniqueEmail('newcomer');

      const res = await invite(board._id, owner, { email: email.toUpperCase() });
      const again = await invite(board._id, owner, { email });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: `Invitation sent to ${email}`, pending: true });
      expect(again.body).toEqual(res.body);
      expect(
        await t.db.select().from(boardInvitations).where(eq(boardInvitations.email, email)),
      ).toHaveLength(1);
      const invited = (await activities(board._id)).filter((a) => a.actionType === 'INVITE_MEMBER');
      expect(invited).toEqual([
        expect.objectContaining({ description: `invited <strong>${email}</strong>` }),
      ]);

      const newcomer = await createUser(t, { name: 'Nina Newcomer', email });

      expect((await read(board._id, newcomer)).status).toBe(200);
      expect(await memberIds(board._id)).toEqual([owner._id, newcomer._id]);
      expect(await t.db.select().from(boardInvitations).where(eq(boardInvitations.email, email))).toEqual([]);
      expect((await activities(board._id))[0]).toMatchObject({
        actionType: 'ADD_MEMBER',
        description: 'added <strong>Nina Newcomer</strong> to the board',
        userId: { _id: owner._id },
      });
      expect(await notifications(newcomer)).toEqual([
        expect.objectContaining({ text: 'Olive Owner added you to the board "Launch"' }),
      ]);
      expect(events).toContainEqual(
        expect.objectContaining({
          boardId: board._id,
          type: 'member.added',
          payload: expect.objectContaining({ _id: newcomer._id }),
        }),
      );
    });

    it('applies every board the e-mail was invited to, and no other', async () => {
      const email = uniqueEmail('popular');
      const first = await createBoard(t, owner, 'First');
      const second = await createBoard(t, member, 'Second');
      const other = await createBoard(t, owner, 'Other');
      await invite(first._id, owner, { email });
      await invite(second._id, member, { email });
      const newcomer = await createUser(t, { email });
      const boards = (await t.http.get('/api/boards').set(newcomer.auth)).body as { _id: string }[];
      expect(boards.map((b) => b._id).sort()).toEqual([first._id, second._id].sort());
      expect((await read(other._id, newcomer)).status).toBe(403);
    });

    it('escapes the newcomer’s name in the activity and keeps it verbatim in the data', async () => {
      const board = await createBoard(t, owner);
      const email = uniqueEmail();
      await invite(board._id, owner, { email });
      const name = '<img src=x onerror=alert(1)>';
      const newcomer = await createUser(t, { name, email });
      const [added] = await activities(board._id);
      expect(added.description).toBe(
        'added <strong>&lt;img src=x onerror=alert(1)&gt;</strong> to the board',
      );
      const members = (await read(board._id, owner)).body.members as { _id: string; name: string }[];
      expect(members.find((m) => m._id === newcomer._id)?.name).toBe(name);
    });
  });

  describe('invite of one’s own e-mail (the auto-join of docs/product.md, "States and transitions")', () => {
    it('makes a non-member a member where joining is allowed', async () => {
      const board = await createBoard(t, owner, 'Open');
      const visitor = await createUser(t, { name: 'Vic Visitor' });
      const res = await invite(board._id, visitor, { email: visitor.email });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: `Invitation sent to ${visitor.email}`,
        member: expect.objectContaining({ _id: visitor._id }),
      });
      expect((await read(board._id, visitor)).status).toBe(200);
      expect((await activities(board._id))[0]).toMatchObject({
        actionType: 'JOIN_BOARD',
        userId: { _id: visitor._id },
      });
      expect(await notifications(owner)).toContainEqual(
        expect.objectContaining({ text: 'Vic Visitor joined your board "Open"' }),
      );
    });

    it('is refused with 403 where joining is: link joining off, or blocked by the owner', async () => {
      const closed = await createBoard(t, owner);
      await t.http.put(`/api/boards/${closed._id}`).set(owner.auth).send({ linkJoining: false });
      const visitor = await createUser(t);
      const refused = await invite(closed._id, visitor, { email: visitor.email });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('This board can only be joined by invitation.');

      const open = await createBoard(t, owner);
      await t.db.insert(blockedUsers).values({ blockerId: owner._id, blockedId: visitor._id });
      expect((await invite(open._id, visitor, { email: visitor.email })).status).toBe(403);
      expect(await memberIds(open._id)).toEqual([owner._id]);
      expect(await memberIds(closed._id)).toEqual([owner._id]);
    });

    it('is a no-op for a member', async () => {
      const board = await castBoard(t, { owner, member });
      const version = (await read(board._id, owner)).body.version as number;
      const res = await invite(board._id, member, { email: member.email.toUpperCase() });
      expect(res.status).toBe(201);
      expect(res.body.member._id).toBe(member._id);
      expect((await read(board._id, owner)).body.version).toBe(version);
    });
  });
});
