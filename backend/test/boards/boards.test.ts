import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('boards', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    stranger = await createUser(t, { name: 'Stranger' });
  });
  afterAll(() => t.close());

  const createBoard = (title = 'Roadmap') =>
    t.http.post('/api/boards').set(owner.auth).send({ title, description: 'Q3' });

  describe('create', () => {
    it('creates a board with the five default labels, its owner as first member', async () => {
      const res = await createBoard('  Roadmap  ');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Roadmap',
        description: 'Q3',
        isPinned: false,
        ownerId: { _id: owner._id, name: 'Owner', email: owner.email },
      });
      expect(res.body.members.map((m: { _id: string }) => m._id)).toEqual([owner._id]);
      const board = await t.http.get(`/api/boards/${res.body._id}`).set(owner.auth);
      expect(board.status).toBe(200);
      expect(board.body.labels.map((l: { name: string }) => l.name)).toEqual([
        'Feature',
        'Bug',
        'Refactor',
        'Testing',
        'Docs',
      ]);
      expect(board.body.lists).toEqual([]);
      expect(board.body.version).toEqual(expect.any(Number));
    });

    it.each([[{}], [{ title: '   ' }], [{ title: 5 }], [{ title: 'x'.repeat(201) }]])(
      'refuses %j with 400',
      async (body) => {
        const res = await t.http.post('/api/boards').set(owner.auth).send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^title/);
      },
    );
  });

  describe('read', () => {
    it('answers 304 to a matching If-None-Match and a fresh body after a change', async () => {
      const { body } = await createBoard();
      const first = await t.http.get(`/api/boards/${body._id}`).set(owner.auth);
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const again = await t.http.get(`/api/boards/${body._id}`).set(owner.auth).set('If-None-Match', etag);
      expect(again.status).toBe(304);
      await t.http.put(`/api/boards/${body._id}`).set(owner.auth).send({ title: 'Renamed' });
      const changed = await t.http.get(`/api/boards/${body._id}`).set(owner.auth).set('If-None-Match', etag);
      expect(changed.status).toBe(200);
      expect(changed.body.title).toBe('Renamed');
      expect(changed.body.version).toBeGreaterThan(first.body.version);
    });

    it('answers 403 to a non-member and 404 to an unknown board', async () => {
      const { body } = await createBoard();
      expect((await t.http.get(`/api/boards/${body._id}`).set(stranger.auth)).status).toBe(403);
      expect(
        (await t.http.get('/api/boards/00000000-0000-4000-8000-000000000000').set(owner.auth)).status,
      ).toBe(404);
      expect((await t.http.get('/api/boards/not-a-uuid').set(owner.auth)).status).toBe(400);
    });
  });

  describe('archive, pin and delete', () => {
    it('moves a board between the active and archived lists and deletes it for good', async () => {
      const { body } = await createBoard('Archive me');
      expect((await t.http.put(`/api/boards/${body._id}/archive`).set(stranger.auth)).status).toBe(403);
      expect((await t.http.put(`/api/boards/${body._id}/archive`).set(owner.auth)).status).toBe(200);
      const active = await t.http.get('/api/boards').set(owner.auth);
      expect(active.body.map((b: { _id: string }) => b._id)).not.toContain(body._id);
      const archived = await t.http.get('/api/boards/archived').set(owner.auth);
      expect(archived.body.map((b: { _id: string }) => b._id)).toContain(body._id);
      expect((await t.http.put(`/api/boards/${body._id}/unarchive`).set(owner.auth)).status).toBe(200);
      expect((await t.http.delete(`/api/boards/${body._id}/permanent`).set(owner.auth)).status).toBe(200);
      expect((await t.http.get(`/api/boards/${body._id}`).set(owner.auth)).status).toBe(404);
    });

    it('pins per user and lists pinned boards first', async () => {
      const a = (await createBoard('A')).body;
      const b = (await createBoard('B')).body;
      const pin = await t.http.put(`/api/boards/${a._id}/toggle-pin`).set(owner.auth);
      expect(pin.body).toEqual({ _id: a._id, isPinned: true });
      const list = (await t.http.get('/api/boards').set(owner.auth)).body as {
        _id: string;
        isPinned: boolean;
      }[];
      expect(list[0]).toMatchObject({ _id: a._id, isPinned: true });
      expect(list.find((x) => x._id === b._id)?.isPinned).toBe(false);
      expect((await t.http.put(`/api/boards/${a._id}/toggle-pin`).set(owner.auth)).body.isPinned).toBe(false);
    });
  });
});
