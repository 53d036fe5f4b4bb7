import { eq, inArray } from 'drizzle-orm';
import { boards, cards, lists } from '../../src/database/schema';
import { createBoard, createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import type { TestApp } from '../helpers/test-app';
import { startAdminApp, UNKNOWN_ID } from './admin-fixtures';

describe('global board management', () => {
  let t: TestApp;
  let admin: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  const boardExists = async (id: string) =>
    (await t.db.select().from(boards).where(eq(boards.id, id))).length > 0;

  async function watch(user: TestUser, boardId: string): Promise<EventLog> {
    const socket = await connect(await listen(t), user.token);
    sockets.push(socket);
    const log = new EventLog(socket);
    expect(await joinBoard(socket, boardId)).toMatchObject({ ok: true });
    return log;
  }

  describe('GET /api/admin/boards', () => {
    it("lists every board, archived ones too, newest first, with the owner's name and e-mail", async () => {
      const ana = await createUser(t, { name: 'Ana' });
      const budi = await createUser(t, { name: 'Budi' });
      const first = await createBoard(t, ana, 'First');
      const second = await createBoard(t, budi, 'Second');
      await t.http.put(`/api/boards/${second._id}/archive`).set(budi.auth);

      const res = await t.http.get('/api/admin/boards').set(admin.auth);
      expect(res.status).toBe(200);
      const ids = (res.body as { _id: string }[]).map((b) => b._id);
      expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
      expect(res.body[ids.indexOf(first._id)]).toEqual({
        _id: first._id,
        title: 'First',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        isArchived: false,
        ownerId: { _id: ana._id, name: 'Ana', email: ana.email },
      });
      expect(res.body[ids.indexOf(second._id)]).toMatchObject({
        isArchived: true,
        ownerId: { name: 'Budi' },
      });
    });

    it('honours ?limit=', async () => {
      const owner = await createUser(t);
      await createBoard(t, owner);
      await createBoard(t, owner);
      expect((await t.http.get('/api/admin/boards?limit=1').set(admin.auth)).body).toHaveLength(1);
    });
  });

  describe('DELETE /api/admin/boards/:id', () => {
    it('deletes a board with its lists and cards and tells its open screens', async () => {
      const owner = await createUser(t);
      const board = await createBoard(t, owner, 'Doomed');
      const list = await seedList(t, board._id);
      await seedCard(t, board._id, list.id);
      const log = await watch(owner, board._id);

      const res = await t.http.delete(`/api/admin/boards/${board._id}`).set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Board deleted', _id: board._id });
      expect(await boardExists(board._id)).toBe(false);
      expect(await t.db.select().from(lists).where(eq(lists.boardId, board._id))).toEqual([]);
      expect(await t.db.select().from(cards).where(eq(cards.boardId, board._id))).toEqual([]);
      const event = await log.waitFor((e) => e.type === 'board.deleted');
      expect(event).toMatchObject({ boardId: board._id, actorId: admin._id, payload: { _id: board._id } });
      expect((await t.http.get(`/api/boards/${board._id}`).set(owner.auth)).status).toBe(404);
    });

    it('answers 404 for an unknown board', async () => {
      expect((await t.http.delete(`/api/admin/boards/${UNKNOWN_ID}`).set(admin.auth)).status).toBe(404);
    });
  });

  describe('DELETE /api/admin/boards', () => {
    it('deletes every board named, answers {deletedCount}, and announces each deletion', async () => {
      const owner = await createUser(t);
      const a = await createBoard(t, owner, 'A');
      const b = await createBoard(t, owner, 'B');
      const logA = await watch(owner, a._id);
      const logB = await watch(owner, b._id);

      const res = await t.http
        .delete('/api/admin/boards')
        .set(admin.auth)
        .send({ boardIds: [a._id, b._id, a._id] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deletedCount: 2 });
      expect(
        await t.db
          .select()
          .from(boards)
          .where(inArray(boards.id, [a._id, b._id])),
      ).toEqual([]);
      await logA.waitFor((e) => e.type === 'board.deleted' && e.boardId === a._id);
      await logB.waitFor((e) => e.type === 'board.deleted' && e.boardId === b._id);
    });

    it('deletes nothing when one id is not a board', async () => {
      const owner = await createUser(t);
      const a = await createBoard(t, owner, 'Keep me');
      const res = await t.http
        .delete('/api/admin/boards')
        .set(admin.auth)
        .send({ boardIds: [a._id, UNKNOWN_ID] });
      expect(res.status).toBe(404);
      expect(await boardExists(a._id)).toBe(true);
    });

    it('refuses more than 500 ids', async () => {
      const ids = Array.from(
        { length: 501 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const res = await t.http.delete('/api/admin/boards').set(admin.auth).send({ boardIds: ids });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^boardIds: /);
    });
  });
});
