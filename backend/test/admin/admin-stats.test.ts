import { eq } from 'drizzle-orm';
import type { AdminStats } from '@papan/shared';
import { cards, users } from '../../src/database/schema';
import { createBoard, createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { connect, listen, settle, type ClientSocket } from '../helpers/sockets';
import type { TestApp } from '../helpers/test-app';
import { createUserWithRole, startAdminApp } from './admin-fixtures';

const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Noon, `daysAgo` calendar days before today, in the server's (this process's) time zone. */
function noonDaysAgo(daysAgo: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, 12);
}

describe('admin statistics', () => {
  let t: TestApp;
  let admin: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  const stats = async (): Promise<AdminStats> => (await t.http.get('/api/admin/stats').set(admin.auth)).body;

  describe('GET /api/admin/stats', () => {
    it('counts users, boards, lists and cards; deleted (archived) cards do not count', async () => {
      const before = await stats();
      const owner = await createUser(t);
      const board = await createBoard(t, owner);
      const list = await seedList(t, board._id);
      await seedCard(t, board._id, list.id);
      const gone = await seedCard(t, board._id, list.id);
      await t.db.update(cards).set({ isArchived: true }).where(eq(cards.id, gone.id));

      expect(await stats()).toEqual({
        userCount: before.userCount + 1,
        boardCount: before.boardCount + 1,
        listCount: before.listCount + 1,
        cardCount: before.cardCount + 1,
      });
    });
  });

  describe('GET /api/admin/stats/user-growth', () => {
    it('answers the last 7 days, today last, one entry per day with 0 where nobody registered', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const c = await createUser(t);
      await t.db
        .update(users)
        .set({ createdAt: noonDaysAgo(2) })
        .where(eq(users.id, a._id));
      await t.db
        .update(users)
        .set({ createdAt: noonDaysAgo(6) })
        .where(eq(users.id, b._id));
      // Eight days ago is outside the window.
      await t.db
        .update(users)
        .set({ createdAt: noonDaysAgo(8) })
        .where(eq(users.id, c._id));

      const res = await t.http.get('/api/admin/stats/user-growth').set(admin.auth);
      expect(res.status).toBe(200);
      const days = [6, 5, 4, 3, 2, 1, 0].map((n) => localDay(noonDaysAgo(n)));
      expect(res.body.map((d: { day: string }) => d.day)).toEqual(days);
      const byDay = Object.fromEntries(
        (res.body as { day: string; newUsers: number }[]).map((d) => [d.day, d.newUsers]),
      );
      // Today: everyone else (the root admin and this file's other users) registered just now.
      expect(byDay[days[6]]).toBe((await stats()).userCount - 3);
      expect(byDay[days[4]]).toBe(1);
      expect(byDay[days[0]]).toBe(1);
      for (const day of [days[1], days[2], days[3], days[5]]) expect(byDay[day]).toBe(0);
    });
  });

  describe("live 'admin:stats'", () => {
    async function adminSocket(user: TestUser): Promise<{ socket: ClientSocket; received: AdminStats[] }> {
      const socket = await connect(await listen(t), user.token);
      sockets.push(socket);
      const received: AdminStats[] = [];
      socket.on('admin:stats', (s) => received.push(s));
      return { socket, received };
    }

    async function waitFor(received: AdminStats[], check: (s: AdminStats) => boolean): Promise<AdminStats> {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const found = received.find(check);
        if (found) return found;
        await settle(20);
      }
      throw new Error(`no matching admin:stats; got ${JSON.stringify(received)}`);
    }

    it('reaches the admins room after a board is created, and no one else', async () => {
      const watcher = await adminSocket(admin);
      const bystander = await adminSocket(await createUser(t));
      await settle(400); // the registration just above pushes its own update first
      const before = await stats();
      const owner = await createUser(t);
      await settle(400);
      watcher.received.length = 0;

      await createBoard(t, owner, 'Fresh');
      const pushed = await waitFor(watcher.received, (s) => s.boardCount === before.boardCount + 1);
      expect(pushed).toEqual({
        ...before,
        userCount: before.userCount + 1,
        boardCount: before.boardCount + 1,
      });
      expect(bystander.received).toEqual([]);
    });

    it('follows registrations, lists, cards and deletions, one push per burst', async () => {
      const watcher = await adminSocket(admin);
      const before = await stats();
      const owner = await createUser(t);
      await waitFor(watcher.received, (s) => s.userCount === before.userCount + 1);

      const board = await createBoard(t, owner);
      const list = await t.http.post(`/api/boards/${board._id}/lists`).set(owner.auth).send({ title: 'L' });
      await waitFor(watcher.received, (s) => s.listCount === before.listCount + 1);
      const card = await t.http
        .post(`/api/lists/${list.body._id}/cards`)
        .set(owner.auth)
        .send({ title: 'C' });
      await waitFor(watcher.received, (s) => s.cardCount === before.cardCount + 1);
      await t.http.post(`/api/cards/${card.body._id}/copy`).set(owner.auth);
      await waitFor(watcher.received, (s) => s.cardCount === before.cardCount + 2);

      watcher.received.length = 0;
      await t.http.delete(`/api/users/${owner._id}`).set(admin.auth);
      const after = await waitFor(watcher.received, (s) => s.userCount === before.userCount);
      expect(after).toEqual(before);
      await settle(400);
      expect(watcher.received).toHaveLength(1);
    });

    it('follows a user deleting their own account', async () => {
      const watcher = await adminSocket(admin);
      const leaver = await createUser(t);
      const before = await stats();
      await settle(400);
      await t.http.delete('/api/users/me').set(leaver.auth);
      await waitFor(watcher.received, (s) => s.userCount === before.userCount - 1);
    });

    it('reaches every ADMIN, not only the one who acted', async () => {
      const other = await createUserWithRole(t, 'ADMIN');
      const watcher = await adminSocket(other);
      const before = await stats();
      await createBoard(t, await createUser(t));
      await waitFor(watcher.received, (s) => s.boardCount === before.boardCount + 1);
    });
  });
});
