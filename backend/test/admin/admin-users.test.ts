import { eq } from 'drizzle-orm';
import { comments, users } from '../../src/database/schema';
import { AdminUsersService } from '../../src/modules/admin/admin-users.service';
import { createBoard, createUser, seedCard, seedList, seedMember, type TestUser } from '../helpers/factories';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import type { TestApp } from '../helpers/test-app';
import { createUserWithRole, startAdminApp, UNKNOWN_ID } from './admin-fixtures';

describe('admin user management', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
  });
  afterAll(() => t.close());

  const exists = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id))).length > 0;

  describe('GET /api/users', () => {
    it('lists every user newest first with role and join date, never a password hash', async () => {
      const older = await createUser(t, { name: 'Older' });
      const newer = await createUser(t, { name: 'Newer' });
      const res = await t.http.get('/api/users').set(admin.auth);
      expect(res.status).toBe(200);
      const ids = (res.body as { _id: string }[]).map((u) => u._id);
      expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
      expect(ids).toContain(admin._id);
      expect(res.body[ids.indexOf(newer._id)]).toEqual(
        expect.objectContaining({
          _id: newer._id,
          name: 'Newer',
          email: newer.email,
          role: 'MEMBER',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
      );
      expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|password_hash|argon/);
    });

    it('honours ?limit=', async () => {
      await createUser(t);
      await createUser(t);
      const res = await t.http.get('/api/users?limit=2').set(admin.auth);
      expect(res.body).toHaveLength(2);
    });
  });

  describe('PUT /api/users/:id', () => {
    it.each(['ADMIN', 'OWNER', 'MEMBER'] as const)(
      'sets role %s and answers the updated user',
      async (role) => {
        const user = await createUserWithRole(t, role === 'MEMBER' ? 'OWNER' : 'MEMBER');
        const res = await t.http.put(`/api/users/${user._id}`).set(admin.auth).send({ role });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ _id: user._id, email: user.email, role });
        const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
        expect(row.role).toBe(role);
      },
    );

    it("ends the user's sessions and sockets, so they sign in again and get the new role", async () => {
      const user = await createUser(t);
      const socket: ClientSocket = await connect(await listen(t), user.token);
      const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
      await t.http.put(`/api/users/${user._id}`).set(admin.auth).send({ role: 'ADMIN' });
      expect(await closed).toBe('io server disconnect');
      expect((await t.http.get('/api/auth/me').set(user.auth)).status).toBe(401);
      const again = await t.http.post('/api/auth/login').send({ email: user.email, password: user.password });
      expect(again.body.role).toBe('ADMIN');
      expect(
        (await t.http.get('/api/admin/stats').set({ Authorization: `Bearer ${again.body.token}` })).status,
      ).toBe(200);
      socket.close();
    });

    it('keeps the sessions when the role does not change', async () => {
      const user = await createUser(t);
      const res = await t.http.put(`/api/users/${user._id}`).set(admin.auth).send({ role: 'MEMBER' });
      expect(res.body.role).toBe('MEMBER');
      expect((await t.http.get('/api/auth/me').set(user.auth)).status).toBe(200);
    });

    it('refuses changing your own role', async () => {
      const res = await t.http.put(`/api/users/${admin._id}`).set(admin.auth).send({ role: 'MEMBER' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('You cannot change your own role.');
      expect((await t.http.get('/api/auth/me').set(admin.auth)).body.role).toBe('ADMIN');
    });

    it('answers 404 for an unknown user', async () => {
      expect(
        (await t.http.put(`/api/users/${UNKNOWN_ID}`).set(admin.auth).send({ role: 'ADMIN' })).status,
      ).toBe(404);
    });

    it('lets one administrator demote another', async () => {
      const other = await createUserWithRole(t, 'ADMIN');
      const res = await t.http.put(`/api/users/${other._id}`).set(admin.auth).send({ role: 'MEMBER' });
      expect(res.body.role).toBe('MEMBER');
      expect((await t.http.get('/api/admin/stats').set(other.auth)).status).toBe(401);
    });
  });

  describe('DELETE /api/users/:id', () => {
    it('deletes the user with their boards, keeps their comments elsewhere, and ends their token', async () => {
      const leaver = await createUser(t, { name: 'Leaver' });
      const host = await createUser(t, { name: 'Host' });
      const own = await createBoard(t, leaver, 'Mine');
      const hosted = await createBoard(t, host, 'Theirs');
      await seedMember(t, hosted._id, leaver);
      const list = await seedList(t, hosted._id);
      const card = await seedCard(t, hosted._id, list.id);
      await t.http.post(`/api/cards/${card.id}/comments`).set(leaver.auth).send({ text: 'Bye' });

      const res = await t.http.delete(`/api/users/${leaver._id}`).set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'User deleted', _id: leaver._id });
      expect(await exists(leaver._id)).toBe(false);
      expect((await t.http.get('/api/auth/me').set(leaver.auth)).status).toBe(401);
      expect((await t.http.get(`/api/boards/${own._id}`).set(admin.auth)).status).toBe(404);
      const kept = await t.http.get(`/api/cards/${card.id}/comments`).set(host.auth);
      expect(kept.body).toEqual([
        expect.objectContaining({ text: 'Bye', userId: expect.objectContaining({ name: 'Deleted user' }) }),
      ]);
      const left = await t.db.select().from(comments).where(eq(comments.cardId, card.id));
      expect(left).toHaveLength(1);
    });

    it('refuses deleting yourself, and answers 404 for an unknown user', async () => {
      const self = await t.http.delete(`/api/users/${admin._id}`).set(admin.auth);
      expect(self.status).toBe(400);
      expect(await exists(admin._id)).toBe(true);
      expect((await t.http.delete(`/api/users/${UNKNOWN_ID}`).set(admin.auth)).status).toBe(404);
    });

    it("disconnects the deleted user's sockets", async () => {
      const user = await createUser(t);
      const socket = await connect(await listen(t), user.token);
      const closed = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));
      await t.http.delete(`/api/users/${user._id}`).set(admin.auth);
      await closed;
      socket.close();
    });
  });

  describe.each(['/api/admin/users', '/admin/users'])('DELETE %s', (path) => {
    it('deletes every user named and answers {deletedCount}', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const other = await createUserWithRole(t, 'ADMIN');
      const res = await t.http
        .delete(path)
        .set(admin.auth)
        .send({ userIds: [a._id, b._id, other._id, a._id] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deletedCount: 3 });
      for (const u of [a, b, other]) {
        expect(await exists(u._id)).toBe(false);
        expect((await t.http.get('/api/auth/me').set(u.auth)).status).toBe(401);
      }
    });

    it('deletes nothing when one id is unknown', async () => {
      const a = await createUser(t);
      const res = await t.http
        .delete(path)
        .set(admin.auth)
        .send({ userIds: [a._id, UNKNOWN_ID] });
      expect(res.status).toBe(404);
      expect(await exists(a._id)).toBe(true);
      expect((await t.http.get('/api/auth/me').set(a.auth)).status).toBe(200);
    });

    it('deletes nothing when the caller is among them', async () => {
      const a = await createUser(t);
      const res = await t.http
        .delete(path)
        .set(admin.auth)
        .send({ userIds: [a._id, admin._id] });
      expect(res.status).toBe(400);
      expect(await exists(a._id)).toBe(true);
      expect(await exists(admin._id)).toBe(true);
    });
  });
});

describe('admin user management: the last ADMIN', () => {
  // Its own database: here the root administrator is the only ADMIN.
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
  });
  afterAll(() => t.close());

  const exists = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id))).length > 0;
  const adminCount = async () => (await t.db.select().from(users).where(eq(users.role, 'ADMIN'))).length;

  it('cannot be demoted or deleted by someone who is no longer an ADMIN (409)', async () => {
    // Only reachable in a race (the guard and the not-yourself rule cover the rest): call the service
    // as an admin who has just been demoted, with the root admin the only ADMIN left.
    const sut = t.app.get(AdminUsersService);
    const demoted = await createUser(t);
    const actor = {
      id: demoted._id,
      sid: 'x',
      role: 'ADMIN' as const,
      name: 'Was admin',
      email: demoted.email,
      emailVerified: false,
    };
    const before = await adminCount();
    await expect(sut.changeRole(actor, admin._id, 'MEMBER')).rejects.toMatchObject({ status: 409 });
    await expect(sut.deleteOne(actor, admin._id)).rejects.toMatchObject({ status: 409 });
    await expect(sut.deleteMany(actor, [admin._id])).rejects.toMatchObject({ status: 409 });
    expect(await adminCount()).toBe(before);
    expect(await exists(admin._id)).toBe(true);
  });

  it('refuses a change by a caller who lost the role meanwhile (403)', async () => {
    const sut = t.app.get(AdminUsersService);
    const demoted = await createUser(t);
    const target = await createUser(t);
    const actor = {
      id: demoted._id,
      sid: 'x',
      role: 'ADMIN' as const,
      name: 'Was admin',
      email: demoted.email,
      emailVerified: false,
    };
    await expect(sut.changeRole(actor, target._id, 'ADMIN')).rejects.toMatchObject({ status: 403 });
    await expect(sut.deleteOne(actor, target._id)).rejects.toMatchObject({ status: 403 });
    expect(await exists(target._id)).toBe(true);
  });

  it('survives two administrators demoting each other at once: one wins, one ADMIN remains', async () => {
    const a = await createUserWithRole(t, 'ADMIN');
    const b = await createUserWithRole(t, 'ADMIN');
    // The root admin would otherwise remain; make a and b the only two.
    await t.db.update(users).set({ role: 'MEMBER' }).where(eq(users.id, admin._id));
    try {
      const [ra, rb] = await Promise.all([
        t.http.put(`/api/users/${b._id}`).set(a.auth).send({ role: 'MEMBER' }),
        t.http.put(`/api/users/${a._id}`).set(b.auth).send({ role: 'MEMBER' }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses[0]).toBe(200);
      expect([401, 403, 409]).toContain(statuses[1]);
      expect(await adminCount()).toBe(1);
    } finally {
      await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin._id));
    }
  });
});
