import type { Notification } from '@papan/shared';
import { notifications } from '../../src/database/schema';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('notifications', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const list = (user: TestUser, query = '') => t.http.get(`/api/notifications${query}`).set(user.auth);
  const markAsRead = (user: TestUser, body?: object) =>
    t.http.post('/api/notifications/mark-as-read').set(user.auth).send(body);

  /** `count` unread notifications one minute apart, the newest first in the answer. */
  async function seedNotifications(user: TestUser, count: number, text = 'note'): Promise<void> {
    const now = Date.now();
    await t.db.insert(notifications).values(
      Array.from({ length: count }, (_, i) => ({
        userId: user._id,
        boardId: null,
        text: `${text} ${i}`,
        createdAt: new Date(now - (count - i) * 60_000),
      })),
    );
  }

  describe('GET /api/notifications', () => {
    it('answers the caller’s own notifications, newest first, in the shared shape', async () => {
      const owner = await createUser(t, { name: 'Olive Owner' });
      const joiner = await createUser(t, { name: 'Jo Joiner' });
      const invitee = await createUser(t, { name: 'Ivy Invitee' });
      const board = await createBoard(t, owner, 'Roadmap');
      await t.http.post(`/api/boards/${board._id}/join`).set(joiner.auth);
      await t.http.post(`/api/boards/${board._id}/members`).set(owner.auth).send({ email: invitee.email });

      const res = await list(owner);

      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          _id: expect.any(String),
          text: 'Jo Joiner joined your board "Roadmap"',
          template: 'joinedYourBoard',
          params: { actor: 'Jo Joiner', board: 'Roadmap' },
          boardId: board._id,
          read: false,
          createdAt: expect.any(String),
        },
      ]);
      expect((await list(joiner)).body).toEqual([]);
      expect(((await list(invitee)).body as Notification[]).map((n) => n.text)).toEqual([
        'Olive Owner added you to the board "Roadmap"',
      ]);
    });

    it('keeps user text verbatim: notifications are data, not HTML', async () => {
      const owner = await createUser(t);
      const name = `<script>alert(1)</script>'); drop table users; --`;
      const joiner = await createUser(t, { name });
      const board = await createBoard(t, owner, '<b>Board</b>');
      await t.http.post(`/api/boards/${board._id}/join`).set(joiner.auth);
      const [note] = (await list(owner)).body as Notification[];
      expect(note.text).toBe(`${name} joined your board "<b>Board</b>"`);
    });

    it('pages with ?limit= (50 by default, at most 100) and ?before=', async () => {
      const user = await createUser(t);
      await seedNotifications(user, 60);
      const all = (await list(user, '?limit=100')).body as Notification[];
      expect(all).toHaveLength(60);
      expect(all[0].text).toBe('note 59');
      expect((await list(user)).body).toHaveLength(50);

      const second = (await list(user, `?limit=10&before=${encodeURIComponent(all[9].createdAt)}`))
        .body as Notification[];
      expect(second.map((n) => n._id)).toEqual(all.slice(10, 20).map((n) => n._id));
    });

    it.each([
      ['a limit over 100', '?limit=101'],
      ['a zero limit', '?limit=0'],
      ['a word for a limit', '?limit=all'],
      ['a date that is not a date', '?before=tomorrow'],
      ['SQL-looking text for a date', `?before=${encodeURIComponent("1' OR '1'='1")}`],
    ])('refuses %s with 400', async (_, query) => {
      const user = await createUser(t);
      expect((await list(user, query)).status).toBe(400);
    });

    it('answers 401 without a token and ignores a userId in the query', async () => {
      expect((await t.http.get('/api/notifications')).status).toBe(401);
      const victim = await createUser(t);
      const snoop = await createUser(t);
      await seedNotifications(victim, 2, 'private');
      expect((await list(snoop, `?userId=${victim._id}`)).body).toEqual([]);
    });
  });

  describe('POST /api/notifications/mark-as-read', () => {
    it('marks every unread notification of the caller read and counts them', async () => {
      const user = await createUser(t);
      await seedNotifications(user, 3);

      const first = await markAsRead(user);
      const second = await markAsRead(user);

      expect(first.status).toBe(200);
      expect(first.body).toEqual({ updated: 3 });
      expect(second.body).toEqual({ updated: 0 });
      expect(((await list(user)).body as Notification[]).every((n) => n.read)).toBe(true);
    });

    it('touches only the caller’s notifications, whatever user id the body names', async () => {
      const caller = await createUser(t);
      const other = await createUser(t);
      await seedNotifications(caller, 1);
      await seedNotifications(other, 2);

      const res = await markAsRead(caller, { userId: other._id, userIds: [other._id] });

      expect(res.body).toEqual({ updated: 1 });
      expect(((await list(other)).body as Notification[]).map((n) => n.read)).toEqual([false, false]);
    });

    it('answers 401 without a token and 4xx to a malformed body, never 500', async () => {
      expect((await t.http.post('/api/notifications/mark-as-read')).status).toBe(401);
      const user = await createUser(t);
      const broken = await t.http
        .post('/api/notifications/mark-as-read')
        .set(user.auth)
        .set('Content-Type', 'application/json')
        .send('{"oops":');
      expect(broken.status).toBe(400);
    });
  });
});
