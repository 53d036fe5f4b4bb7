import type { Activity } from '@papan/shared';
import { activities } from '../../src/database/schema';
import { castBoard, castOf } from '../helpers/cast';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { settleBackgroundWork, startTestApp, type TestApp } from '../helpers/test-app';

describe('activities', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member, stranger } = await castOf(t, {
      owner: 'Olive Owner',
      member: 'Max Member',
      stranger: 'Sam Stranger',
    }));
  });
  afterAll(() => t.close());

  const boardFeed = (boardId: string, user: TestUser, query = '') =>
    t.http.get(`/api/boards/${boardId}/activities${query}`).set(user.auth);
  const myFeed = (user: TestUser, query = '') => t.http.get(`/api/activities${query}`).set(user.auth);

  /** `count` activities one minute apart, the newest `count` minutes ago, straight into the database. */
  async function seedActivities(boardId: string, count: number): Promise<void> {
    const now = Date.now();
    await t.db.insert(activities).values(
      Array.from({ length: count }, (_, i) => ({
        boardId,
        userId: owner._id,
        actionType: 'UPDATE_BOARD',
        description: `step ${i}`,
        createdAt: new Date(now - (count - i) * 60_000),
      })),
    );
  }

  describe('GET /api/boards/:id/activities', () => {
    it('answers the board’s activities newest first, in the shared Activity shape', async () => {
      const board = await castBoard(t, { owner, member }, 'Roadmap');
      await t.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ title: 'Plan' });

      const res = await boardFeed(board._id, member);

      expect(res.status).toBe(200);
      const feed = res.body as Activity[];
      expect(feed.map((a) => a.actionType)).toEqual(['UPDATE_BOARD', 'CREATE_BOARD']);
      expect(feed[0]).toEqual({
        _id: expect.any(String),
        actionType: 'UPDATE_BOARD',
        boardId: board._id,
        boardTitle: 'Plan',
        userId: { _id: owner._id, name: 'Olive Owner' },
        rule: null,
        description: 'renamed board <strong>Roadmap</strong> to <strong>Plan</strong>',
        template: 'board.renamed',
        params: { from: 'Roadmap', to: 'Plan' },
        createdAt: expect.any(String),
        timestamp: feed[0].createdAt,
      });
      expect(Date.parse(feed[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(feed[1].createdAt));
    });

    it('answers 403 to a non-member, 404 for an unknown board, 400 for a malformed id', async () => {
      const board = await createBoard(t, owner);
      const res = await boardFeed(board._id, stranger);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You are not a member of this board.');
      expect((await boardFeed('00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
      expect((await boardFeed('<script>', owner)).status).toBe(400);
    });

    it('pages with ?limit= and ?before=, every activity exactly once', async () => {
      const board = await createBoard(t, owner);
      await seedActivities(board._id, 7);
      const all = (await boardFeed(board._id, owner)).body as Activity[];
      expect(all).toHaveLength(8);

      const seen: string[] = [];
      let query = '?limit=3';
      for (;;) {
        const page = (await boardFeed(board._id, owner, query)).body as Activity[];
        expect(page.length).toBeLessThanOrEqual(3);
        if (!page.length) break;
        seen.push(...page.map((a) => a._id));
        query = `?limit=3&before=${encodeURIComponent(page[page.length - 1].createdAt)}`;
      }
      expect(seen).toEqual(all.map((a) => a._id));
    });

    it('answers 50 by default and at most 100', async () => {
      const board = await createBoard(t, owner);
      await seedActivities(board._id, 120);
      expect((await boardFeed(board._id, owner)).body).toHaveLength(50);
      expect((await boardFeed(board._id, owner, '?limit=100')).body).toHaveLength(100);
      expect((await boardFeed(board._id, owner, '?limit=101')).status).toBe(400);
    });

    it.each([
      ['a zero limit', '?limit=0'],
      ['a negative limit', '?limit=-5'],
      ['a word for a limit', '?limit=ten'],
      ['a fractional limit', '?limit=2.5'],
      ['two limits', '?limit=1&limit=2'],
      ['a date that is not a date', '?before=yesterday'],
      ['SQL-looking text for a date', `?before=${encodeURIComponent("2024-01-01' OR '1'='1")}`],
      ['markup for a date', `?before=${encodeURIComponent('<script>alert(1)</script>')}`],
      ['a huge date', `?before=${'9'.repeat(5000)}`],
    ])('refuses %s with 400', async (_, query) => {
      const board = await createBoard(t, owner);
      const res = await boardFeed(board._id, owner, query);
      expect(res.status).toBe(400);
      expect((await myFeed(owner, query)).status).toBe(400);
    });
  });

  describe('GET /api/activities', () => {
    it('gathers the caller’s boards, owned and joined, and nothing of anyone else’s', async () => {
      const caller = await createUser(t);
      const own = await createBoard(t, caller, 'Mine');
      const joined = await createBoard(t, owner, 'Theirs');
      const foreign = await createBoard(t, stranger, 'Foreign');
      await t.http.post(`/api/boards/${joined._id}/join`).set(caller.auth);

      const feed = (await myFeed(caller)).body as Activity[];

      expect(new Set(feed.map((a) => a.boardId))).toEqual(new Set([own._id, joined._id]));
      expect(feed.map((a) => a.boardId)).not.toContain(foreign._id);
      expect(feed[0]).toMatchObject({
        actionType: 'JOIN_BOARD',
        boardTitle: 'Theirs',
        userId: { _id: caller._id },
      });
      const times = feed.map((a) => Date.parse(a.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('stops showing a board the moment the caller is removed from it', async () => {
      const caller = await createUser(t);
      const board = await createBoard(t, owner, 'Temporary');
      await t.http.post(`/api/boards/${board._id}/join`).set(caller.auth);
      expect(((await myFeed(caller)).body as Activity[]).map((a) => a.boardId)).toContain(board._id);
      await t.http.delete(`/api/boards/${board._id}/members/${caller._id}`).set(owner.auth);
      expect(((await myFeed(caller)).body as Activity[]).map((a) => a.boardId)).not.toContain(board._id);
    });

    it('pages across boards newest first with ?limit= and ?before=', async () => {
      const caller = await createUser(t);
      const a = await createBoard(t, caller, 'A');
      const b = await createBoard(t, caller, 'B');
      await seedActivities(a._id, 5);
      await seedActivities(b._id, 5);
      const all = (await myFeed(caller, '?limit=100')).body as Activity[];
      expect(all).toHaveLength(12);

      const seen: string[] = [];
      let query = '?limit=4';
      for (;;) {
        const page = (await myFeed(caller, query)).body as Activity[];
        if (!page.length) break;
        expect(page.length).toBeLessThanOrEqual(4);
        seen.push(...page.map((x) => x._id));
        query = `?limit=4&before=${encodeURIComponent(page[page.length - 1].createdAt)}`;
      }
      expect(seen).toEqual(all.map((x) => x._id));
      expect(new Set(seen).size).toBe(12);
    });

    it('costs the same number of statements for one board as for twenty', async () => {
      const caller = await createUser(t);
      await createBoard(t, caller);
      await settleBackgroundWork();
      t.counter.count = 0;
      await myFeed(caller);
      const one = t.counter.count;
      for (let i = 0; i < 19; i++) await createBoard(t, caller);
      await settleBackgroundWork();
      t.counter.count = 0;
      const res = await myFeed(caller);
      expect(res.body).toHaveLength(20);
      expect(t.counter.count).toBe(one);
    });

    it('escapes user text in descriptions and returns titles verbatim as data', async () => {
      const caller = await createUser(t);
      const title = `<script>alert(1)</script>'; drop table boards; --`;
      await createBoard(t, caller, title);
      const [created] = (await myFeed(caller)).body as Activity[];
      expect(created.boardTitle).toBe(title);
      expect(created.description).toBe(
        'created board <strong>&lt;script&gt;alert(1)&lt;/script&gt;&#39;; drop table boards; --</strong>',
      );
    });

    it('answers 401 without a token and ignores a userId in the query', async () => {
      expect((await t.http.get('/api/activities')).status).toBe(401);
      const caller = await createUser(t);
      const board = await createBoard(t, owner, 'Owner only');
      const feed = (await myFeed(caller, `?userId=${owner._id}`)).body as Activity[];
      expect(feed.map((a) => a.boardId)).not.toContain(board._id);
    });
  });
});
