import { and, desc, eq } from 'drizzle-orm';
import type { BoardEvent, Comment } from '@papan/shared';
import {
  activities,
  blockedUsers,
  boardMembers,
  cards,
  comments,
  notifications,
  users,
} from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { castBoard, castOf } from '../helpers/cast';
import { createUser, seedCard, seedList, seedMember, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('comments', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let other: TestUser;
  let stranger: TestUser;
  const events: BoardEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member, stranger } = await castOf(t));
    other = await createUser(t, { name: 'Other' });
    t.app.get(DomainEvents).on('board', (e) => events.push(e));
  });
  afterAll(() => t.close());

  /** A fresh board of `owner` with `member` and `other` as members, holding one card. */
  const newCard = async (title = 'Card') => {
    const board = await castBoard(t, { owner, member });
    await seedMember(t, board._id, other);
    const list = await seedList(t, board._id);
    const card = await seedCard(t, board._id, list.id, title);
    return { boardId: board._id, cardId: card.id };
  };
  const post = (cardId: string, body: object, user = member) =>
    t.http.post(`/api/cards/${cardId}/comments`).set(user.auth).send(body);
  const read = (cardId: string, user = member, query = '') =>
    t.http.get(`/api/cards/${cardId}/comments${query}`).set(user.auth);
  const lastActivity = async (boardId: string) =>
    (
      await t.db
        .select()
        .from(activities)
        .where(eq(activities.boardId, boardId))
        .orderBy(desc(activities.createdAt))
        .limit(1)
    )[0];
  const notificationsOf = (user: TestUser) =>
    t.db.select().from(notifications).where(eq(notifications.userId, user._id));
  const commentRow = async (id: string) => (await t.db.select().from(comments).where(eq(comments.id, id)))[0];

  describe('GET /api/cards/:id/comments', () => {
    it('answers an empty list when the card has no comments', async () => {
      const { cardId } = await newCard();
      const res = await read(cardId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('answers newest first, bounded by ?limit= and paged by ?before=', async () => {
      const { cardId } = await newCard();
      for (const text of ['one', 'two', 'three', 'four', 'five']) await post(cardId, { text });
      const all = (await read(cardId)).body as Comment[];
      expect(all.map((c) => c.text)).toEqual(['five', 'four', 'three', 'two', 'one']);
      const first = (await read(cardId, member, '?limit=2')).body as Comment[];
      expect(first.map((c) => c.text)).toEqual(['five', 'four']);
      const before = encodeURIComponent(first[1].createdAt);
      const next = (await read(cardId, member, `?limit=2&before=${before}`)).body as Comment[];
      expect(next.map((c) => c.text)).toEqual(['three', 'two']);
    });

    it.each([
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?before=yesterday',
      "?before=1'; DROP TABLE comments; --",
    ])('refuses the query %s with 400', async (query) => {
      const { cardId } = await newCard();
      const res = await read(cardId, member, query);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^(limit|before)/);
    });

    it('answers 403 to a non-member, 404 to an unknown or archived card, 400 to a malformed id', async () => {
      const { cardId } = await newCard();
      expect((await read(cardId, stranger)).status).toBe(403);
      expect((await read(UNKNOWN_ID)).status).toBe(404);
      expect((await read('123')).status).toBe(400);
      await t.db.update(cards).set({ isArchived: true }).where(eq(cards.id, cardId));
      expect((await read(cardId)).status).toBe(404);
      expect((await post(cardId, { text: 'late' })).status).toBe(404);
    });

    it('hides the comments of an author who blocked the reader, and only from that reader', async () => {
      const { cardId } = await newCard();
      await post(cardId, { text: 'from owner' }, owner);
      await post(cardId, { text: 'from member' }, member);
      await t.db.insert(blockedUsers).values({ blockerId: owner._id, blockedId: member._id });
      try {
        expect(((await read(cardId, member)).body as Comment[]).map((c) => c.text)).toEqual(['from member']);
        expect(((await read(cardId, owner)).body as Comment[]).map((c) => c.text)).toEqual([
          'from member',
          'from owner',
        ]);
        expect(((await read(cardId, other)).body as Comment[]).map((c) => c.text)).toEqual([
          'from member',
          'from owner',
        ]);
      } finally {
        await t.db.delete(blockedUsers).where(eq(blockedUsers.blockerId, owner._id));
      }
    });
  });

  describe('comments of a deleted account', () => {
    it("stay on the card as 'Deleted user', editable by no one", async () => {
      const { boardId, cardId } = await newCard();
      const leaver = await createUser(t, { name: 'Leaver' });
      await t.db.insert(boardMembers).values({ boardId, userId: leaver._id });
      const { body: comment } = await post(cardId, { text: 'still here' }, leaver);
      await t.db.delete(users).where(eq(users.id, leaver._id));
      const [shown] = (await read(cardId)).body as Comment[];
      expect(shown).toMatchObject({
        _id: comment._id,
        text: 'still here',
        userId: { _id: '', name: 'Deleted user', profilePictureUrl: null, avatarUrl: expect.any(String) },
      });
      for (const user of [owner, member])
        expect((await t.http.delete(`/api/comments/${comment._id}`).set(user.auth)).status).toBe(403);
    });
  });

  describe('POST /api/cards/:id/comments', () => {
    it('keeps the text verbatim, takes the author from the token and answers the comment', async () => {
      const { boardId, cardId } = await newCard('Launch');
      const text = '  Looks good\n\n  — ship it  ';
      const res = await post(cardId, { text, userId: other._id, authorId: other._id });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        cardId,
        text,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        userId: { _id: member._id, name: 'Member', profilePictureUrl: null, avatarUrl: expect.any(String) },
        revision: 1,
      });
      expect((await commentRow(res.body._id)).userId).toBe(member._id);
      expect((await read(cardId, owner)).body).toEqual([res.body]);
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'CREATE_COMMENT',
        userId: member._id,
        description: 'commented on <strong>Launch</strong>',
      });
      expect(events.at(-1)).toMatchObject({
        boardId,
        type: 'comment.created',
        actorId: member._id,
        payload: res.body,
      });
    });

    it('notifies the owner, not every member and not the author (comment-notifications.test.ts has the rules)', async () => {
      const { boardId, cardId } = await newCard('Launch plan');
      await post(cardId, { text: '<b>hi</b>' }, member);
      const latest = async (user: TestUser) =>
        (await notificationsOf(user)).filter((n) => n.boardId === boardId);
      expect(await latest(owner)).toEqual([
        expect.objectContaining({ text: 'Member commented on "Launch plan"', read: false }),
      ]);
      expect(await latest(member)).toEqual([]);
      expect(await latest(other)).toEqual([]);
      expect(await latest(stranger)).toEqual([]);
    });

    it.each([
      [{}],
      [{ text: '' }],
      [{ text: '   ' }],
      [{ text: '\n\t \n' }],
      [{ text: 12 }],
      [{ text: null }],
      [{ text: 'x'.repeat(20_001) }],
    ])('refuses %j with 400 naming the text', async (body) => {
      const { cardId } = await newCard();
      const res = await post(cardId, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^text/);
      expect(await t.db.select().from(comments).where(eq(comments.cardId, cardId))).toEqual([]);
    });

    it('accepts 20,000 characters and answers 4xx to 1 MB', async () => {
      const { cardId } = await newCard();
      expect((await post(cardId, { text: 'y'.repeat(20_000) })).status).toBe(201);
      expect([400, 413]).toContain((await post(cardId, { text: 'y'.repeat(1024 * 1024) })).status);
    });

    it('stores script and SQL-looking text verbatim and never puts it in the activity', async () => {
      const { boardId, cardId } = await newCard('<i>Card</i>');
      const text = `<script>alert('x')</script> '); DROP TABLE comments; --`;
      const res = await post(cardId, { text });
      expect(res.status).toBe(201);
      expect(((await read(cardId)).body as Comment[])[0].text).toBe(text);
      const { description } = await lastActivity(boardId);
      expect(description).toBe('commented on <strong>&lt;i&gt;Card&lt;/i&gt;</strong>');
      expect(description).not.toContain('script');
    });

    it('answers 403 to a non-member and 404 to an unknown card', async () => {
      const { cardId } = await newCard();
      expect((await post(cardId, { text: 'hello' }, stranger)).status).toBe(403);
      expect((await post(UNKNOWN_ID, { text: 'hello' })).status).toBe(404);
      expect(await t.db.select().from(comments).where(eq(comments.cardId, cardId))).toEqual([]);
    });
  });

  describe('PUT /api/comments/:id', () => {
    it('lets the author edit the text, kept verbatim', async () => {
      const { boardId, cardId } = await newCard('Launch');
      const { body: comment } = await post(cardId, { text: 'first' });
      const res = await t.http
        .put(`/api/comments/${comment._id}`)
        .set(member.auth)
        .send({ text: ' second ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: comment._id, text: ' second ', userId: comment.userId });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(comment.updatedAt).getTime(),
      );
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'UPDATE_COMMENT',
        description: 'edited a comment on <strong>Launch</strong>',
      });
      expect(events.at(-1)).toMatchObject({ type: 'comment.updated', payload: res.body });
    });

    it('refuses everyone but the author: 403 to the owner, another member and a non-member', async () => {
      const { cardId } = await newCard();
      const { body: comment } = await post(cardId, { text: 'mine' });
      for (const user of [owner, other, stranger]) {
        const res = await t.http.put(`/api/comments/${comment._id}`).set(user.auth).send({ text: 'theirs' });
        expect(res.status).toBe(403);
      }
      expect((await commentRow(comment._id)).text).toBe('mine');
    });

    it.each([[{}], [{ text: '' }], [{ text: '  ' }], [{ text: ['a'] }]])(
      'refuses %j with 400 and keeps the text',
      async (body) => {
        const { cardId } = await newCard();
        const { body: comment } = await post(cardId, { text: 'keep' });
        const res = await t.http.put(`/api/comments/${comment._id}`).set(member.auth).send(body);
        expect(res.status).toBe(400);
        expect((await commentRow(comment._id)).text).toBe('keep');
      },
    );

    it('answers 404 to an unknown comment and 400 to a malformed id', async () => {
      expect(
        (await t.http.put(`/api/comments/${UNKNOWN_ID}`).set(member.auth).send({ text: 'x' })).status,
      ).toBe(404);
      expect(
        (await t.http.put('/api/comments/%3Cscript%3E').set(member.auth).send({ text: 'x' })).status,
      ).toBe(400);
    });
  });

  describe('DELETE /api/comments/:id', () => {
    it('lets only the author delete a comment', async () => {
      const { boardId, cardId } = await newCard('Launch');
      const { body: comment } = await post(cardId, { text: 'bye' });
      for (const user of [owner, other, stranger])
        expect((await t.http.delete(`/api/comments/${comment._id}`).set(user.auth)).status).toBe(403);
      const res = await t.http.delete(`/api/comments/${comment._id}`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'Comment deleted',
        _id: comment._id,
        undoToken: expect.any(String),
      });
      expect((await read(cardId)).body).toEqual([]);
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'DELETE_COMMENT',
        description: 'deleted a comment on <strong>Launch</strong>',
      });
      expect(events.at(-1)).toMatchObject({ type: 'comment.deleted', payload: { _id: comment._id, cardId } });
      expect((await t.http.delete(`/api/comments/${comment._id}`).set(member.auth)).status).toBe(404);
    });

    it('refuses an author who is no longer a member of the board', async () => {
      const { boardId, cardId } = await newCard();
      const { body: comment } = await post(cardId, { text: 'left behind' }, other);
      await t.db
        .delete(boardMembers)
        .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, other._id)));
      expect((await t.http.delete(`/api/comments/${comment._id}`).set(other.auth)).status).toBe(403);
      expect(await commentRow(comment._id)).toBeDefined();
    });
  });
});
