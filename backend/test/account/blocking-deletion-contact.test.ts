import { eq } from 'drizzle-orm';
import { comments, contactMessages, users } from '../../src/database/schema';
import { createUserWithRole } from '../admin/admin-fixtures';
import { createBoard, createUser, seedCard, seedList, seedMember } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('blocking, account deletion and contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimit: {} });
  });
  afterAll(() => t.close());

  describe('blocking', () => {
    it('blocks, lists and unblocks a user', async () => {
      const me = await createUser(t);
      const pest = await createUser(t, { name: 'Pest' });
      expect(
        (await t.http.post('/api/users/block').set(me.auth).send({ userIdToBlock: pest._id })).status,
      ).toBe(200);
      expect(
        (await t.http.post('/api/users/block').set(me.auth).send({ userIdToBlock: pest._id })).status,
      ).toBe(200);
      const blocked = await t.http.get('/api/users/blocked').set(me.auth);
      expect(blocked.body).toEqual([
        expect.objectContaining({ _id: pest._id, name: 'Pest', profilePictureUrl: null }),
      ]);
      const unblock = await t.http
        .post('/api/users/unblock')
        .set(me.auth)
        .send({ userIdToUnblock: pest._id });
      expect(unblock.body.message).toBe('User has been unblocked.');
      expect((await t.http.get('/api/users/blocked').set(me.auth)).body).toEqual([]);
    });

    it.each([
      [{}, 400],
      [{ userIdToBlock: 'nope' }, 400],
      [{ userIdToBlock: '00000000-0000-4000-8000-000000000000' }, 404],
    ])('answers %j with %i', async (body, status) => {
      const me = await createUser(t);
      expect((await t.http.post('/api/users/block').set(me.auth).send(body)).status).toBe(status);
    });

    it('refuses blocking yourself and unblocking someone not blocked', async () => {
      const me = await createUser(t);
      expect(
        (await t.http.post('/api/users/block').set(me.auth).send({ userIdToBlock: me._id })).status,
      ).toBe(400);
      expect(
        (await t.http.post('/api/users/unblock').set(me.auth).send({ userIdToUnblock: me._id })).status,
      ).toBe(404);
    });
  });

  describe('DELETE /api/users/me', () => {
    it('ends the token, deletes the user’s boards and keeps their comments elsewhere under no author', async () => {
      const leaver = await createUser(t, { name: 'Leaver' });
      const host = await createUser(t, { name: 'Host' });
      const own = await createBoard(t, leaver, 'Mine');
      const hosted = await createBoard(t, host, 'Theirs');
      await seedMember(t, hosted._id, leaver);
      const list = await seedList(t, hosted._id);
      const card = await seedCard(t, hosted._id, list.id);
      const [comment] = await t.db
        .insert(comments)
        .values({ boardId: hosted._id, cardId: card.id, userId: leaver._id, text: 'bye' })
        .returning();

      const res = await t.http.delete('/api/users/me').set(leaver.auth);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Your account has been deleted successfully.');
      expect((await t.http.get('/api/users/me').set(leaver.auth)).status).toBe(401);
      expect((await t.http.get(`/api/boards/${own._id}`).set(host.auth)).status).toBe(404);
      const hostedBoard = await t.http.get(`/api/boards/${hosted._id}`).set(host.auth);
      expect(hostedBoard.body.members.map((m: { _id: string }) => m._id)).toEqual([host._id]);
      const [kept] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
      expect(kept).toMatchObject({ text: 'bye', userId: null });
      expect(
        (await t.http.post('/api/auth/login').send({ email: leaver.email, password: leaver.password }))
          .status,
      ).toBe(401);
    });

    it('refuses the last administrator (409), like the admin screens, and lets one go while another remains', async () => {
      const first = await createUserWithRole(t, 'ADMIN');
      const refused = await t.http.delete('/api/users/me').set(first.auth);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('The last administrator cannot be removed or demoted.');
      expect((await t.http.get('/api/users/me').set(first.auth)).status).toBe(200);

      const second = await createUserWithRole(t, 'ADMIN');
      expect((await t.http.delete('/api/users/me').set(first.auth)).status).toBe(200);
      // Two administrators leaving at once: one of them stays.
      const third = await createUserWithRole(t, 'ADMIN');
      const both = await Promise.all([second, third].map((a) => t.http.delete('/api/users/me').set(a.auth)));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const admins = await t.db.select().from(users).where(eq(users.role, 'ADMIN'));
      expect(admins).toHaveLength(1);
    });
  });

  describe('POST /api/contact', () => {
    it('stores a message from a visitor', async () => {
      const res = await t.http
        .post('/api/contact')
        .send({ name: 'Visitor', email: 'V@Example.com', message: '<b>Hi</b>' });
      expect(res.status).toBe(201);
      const rows = await t.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, 'v@example.com'));
      expect(rows[0]).toMatchObject({ name: 'Visitor', message: '<b>Hi</b>' });
    });

    it.each([
      [{ email: 'a@example.com', message: 'x' }],
      [{ name: 'A', email: 'not-mail', message: 'x' }],
      [{ name: 'A', email: 'a@example.com', message: '   ' }],
      [{ name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }],
      [{ name: ['A'], email: 'a@example.com', message: 'x' }],
    ])('answers 400 for %j', async (body) => {
      expect((await t.http.post('/api/contact').send(body)).status).toBe(400);
    });

    it('limits how often one address sends', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await t.http.post('/api/contact').send({ name: 'A', email: 'a@example.com', message: `m${i}` }))
            .status,
        );
      }
      expect(statuses).toContain(429);
    });
  });
});
