import { and, desc, eq } from 'drizzle-orm';
import type { BoardEvent, Label } from '@papan/shared';
import { activities, boards, cardLabels, labels } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { castBoard, castOf } from '../helpers/cast';
import { createBoard, seedCard, seedList, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

const LIMIT_MESSAGE = 'You have reached the limit of 10 custom labels.';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('labels', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const events: BoardEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member, stranger } = await castOf(t));
    t.app.get(DomainEvents).on('board', (e) => events.push(e));
  });
  afterAll(() => t.close());

  /** A fresh board of `owner` with `member` as a member. */
  const newBoard = async (title = 'Board') => (await castBoard(t, { owner, member }, title))._id;
  const createLabel = (boardId: string, body: object, user = member) =>
    t.http.post(`/api/boards/${boardId}/labels`).set(user.auth).send(body);
  const lastActivity = async (boardId: string) =>
    (
      await t.db
        .select()
        .from(activities)
        .where(eq(activities.boardId, boardId))
        .orderBy(desc(activities.createdAt))
        .limit(1)
    )[0];
  const versionOf = async (boardId: string) =>
    (await t.db.select({ v: boards.version }).from(boards).where(eq(boards.id, boardId)))[0].v;

  describe('GET /api/boards/:id/labels', () => {
    it('answers the five defaults first, then custom labels in creation order', async () => {
      const boardId = await newBoard();
      await createLabel(boardId, { name: 'Urgent', color: '#ff0000' });
      await createLabel(boardId, { name: 'Later', color: '#00ff00' });
      const res = await t.http.get(`/api/boards/${boardId}/labels`).set(member.auth);
      expect(res.status).toBe(200);
      const names = (res.body as Label[]).map((l) => l.name);
      expect(names.slice(0, 5).sort()).toEqual(['Bug', 'Docs', 'Feature', 'Refactor', 'Testing']);
      expect(names.slice(5)).toEqual(['Urgent', 'Later']);
      expect((res.body as Label[]).map((l) => l.isDefault)).toEqual([
        true,
        true,
        true,
        true,
        true,
        false,
        false,
      ]);
    });

    it('matches the labels of the whole-board read', async () => {
      const boardId = await newBoard();
      await createLabel(boardId, { name: 'Custom', color: '#123456' });
      const labelsRead = await t.http.get(`/api/boards/${boardId}/labels`).set(owner.auth);
      const boardRead = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
      const byId = (ls: Label[]) => [...ls].sort((a, b) => a._id.localeCompare(b._id));
      expect(byId(labelsRead.body)).toEqual(byId(boardRead.body.labels));
    });

    it('answers 403 to a non-member, 404 to an unknown board and 400 to a malformed id', async () => {
      const boardId = await newBoard();
      expect((await t.http.get(`/api/boards/${boardId}/labels`).set(stranger.auth)).status).toBe(403);
      expect((await t.http.get(`/api/boards/${UNKNOWN_ID}/labels`).set(owner.auth)).status).toBe(404);
      expect((await t.http.get('/api/boards/nope/labels').set(owner.auth)).status).toBe(400);
      expect((await t.http.get(`/api/boards/${boardId}/labels`)).status).toBe(401);
    });
  });

  describe('POST /api/boards/:id/labels', () => {
    it('creates a custom label with a trimmed name, bumps the version, writes the activity and the event', async () => {
      const boardId = await newBoard();
      const version = await versionOf(boardId);
      const res = await createLabel(boardId, { name: '  Urgent  ', color: '#FF0000' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        boardId,
        name: 'Urgent',
        color: '#FF0000',
        isDefault: false,
      });
      expect(await versionOf(boardId)).toBe(version + 1);
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'CREATE_LABEL',
        userId: member._id,
        description: 'created label <strong>Urgent</strong>',
      });
      expect(events.at(-1)).toMatchObject({
        boardId,
        type: 'label.created',
        actorId: member._id,
        version: version + 1,
        payload: res.body,
      });
    });

    it('allows 10 custom labels besides the five defaults and answers the 11th with 409', async () => {
      const boardId = await newBoard();
      for (let i = 1; i <= 10; i++)
        expect((await createLabel(boardId, { name: `L${i}`, color: '#7dd3fc' })).status).toBe(201);
      const version = await versionOf(boardId);
      const eleventh = await createLabel(boardId, { name: 'L11', color: '#7dd3fc' });
      expect(eleventh.status).toBe(409);
      expect(eleventh.body).toEqual({ statusCode: 409, error: 'Conflict', message: LIMIT_MESSAGE });
      expect(await versionOf(boardId)).toBe(version);
      const all = (await t.http.get(`/api/boards/${boardId}/labels`).set(owner.auth)).body as Label[];
      expect(all).toHaveLength(15);
    });

    it('does not count defaults: deleting a default frees nothing, deleting a custom frees one place', async () => {
      const boardId = await newBoard();
      for (let i = 1; i <= 10; i++) await createLabel(boardId, { name: `L${i}`, color: '#7dd3fc' });
      const all = (await t.http.get(`/api/boards/${boardId}/labels`).set(owner.auth)).body as Label[];
      const aDefault = all.find((l) => l.isDefault)!;
      const aCustom = all.find((l) => !l.isDefault)!;
      expect((await t.http.delete(`/api/labels/${aDefault._id}`).set(owner.auth)).status).toBe(200);
      expect((await createLabel(boardId, { name: 'More', color: '#7dd3fc' })).status).toBe(409);
      expect((await t.http.delete(`/api/labels/${aCustom._id}`).set(owner.auth)).status).toBe(200);
      expect((await createLabel(boardId, { name: 'More', color: '#7dd3fc' })).status).toBe(201);
      expect((await createLabel(boardId, { name: 'Too many', color: '#7dd3fc' })).status).toBe(409);
    });

    it('never exceeds the limit under 15 concurrent creates', async () => {
      const boardId = await newBoard();
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          createLabel(boardId, { name: `C${i}`, color: '#7dd3fc' }, i % 2 ? member : owner),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);
      const custom = await t.db
        .select()
        .from(labels)
        .where(and(eq(labels.boardId, boardId), eq(labels.isDefault, false)));
      expect(custom).toHaveLength(10);
    });

    it.each([
      [{}, /^name/],
      [{ color: '#ffffff' }, /^name/],
      [{ name: '   ', color: '#ffffff' }, /^name: must not be empty/],
      [{ name: 'x'.repeat(51), color: '#ffffff' }, /^name: must be at most 50/],
      [{ name: 42, color: '#ffffff' }, /^name/],
      [{ name: 'Ok' }, /^color/],
      [{ name: 'Ok', color: 'red' }, /^color/],
      [{ name: 'Ok', color: '#12345' }, /^color/],
      [{ name: 'Ok', color: '#ffffff; background:url(x)' }, /^color/],
      [{ name: 'Ok', color: ['#ffffff'] }, /^color/],
      [[], /^body/],
    ])('refuses %j with 400 naming the field', async (body, message) => {
      const boardId = await newBoard();
      const res = await createLabel(boardId, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    });

    it('stores script and SQL-looking names verbatim and escapes them in the activity', async () => {
      const boardId = await newBoard();
      for (const name of ['<script>alert(1)</script>', "'; DROP TABLE labels; --"]) {
        const res = await createLabel(boardId, { name, color: '#abc' });
        expect(res.status).toBe(201);
        expect(res.body.name).toBe(name);
      }
      const all = (await t.http.get(`/api/boards/${boardId}/labels`).set(owner.auth)).body as Label[];
      expect(all.map((l) => l.name)).toContain('<script>alert(1)</script>');
      const feed = await t.db.select().from(activities).where(eq(activities.boardId, boardId));
      expect(feed.some((a) => a.description.includes('&lt;script&gt;alert(1)&lt;/script&gt;'))).toBe(true);
      expect(feed.every((a) => !a.description.includes('<script'))).toBe(true);
    });

    it('answers 4xx, never 500, to a 1 MB name and to malformed JSON', async () => {
      const boardId = await newBoard();
      const huge = await createLabel(boardId, { name: 'x'.repeat(1024 * 1024), color: '#fff' });
      expect([400, 413]).toContain(huge.status);
      const broken = await t.http
        .post(`/api/boards/${boardId}/labels`)
        .set(member.auth)
        .set('Content-Type', 'application/json')
        .send('{"name": "x", "color":');
      expect(broken.status).toBe(400);
    });

    it('answers 403 to a non-member and 404 to an unknown board, creating nothing', async () => {
      const boardId = await newBoard();
      expect((await createLabel(boardId, { name: 'Mine', color: '#fff' }, stranger)).status).toBe(403);
      expect((await createLabel(UNKNOWN_ID, { name: 'Mine', color: '#fff' }, owner)).status).toBe(404);
      expect(await t.db.select().from(labels).where(eq(labels.boardId, boardId))).toHaveLength(5);
    });
  });

  describe('PUT /api/labels/:id', () => {
    it('renames (trimmed) and recolours a label, with the activity and the event', async () => {
      const boardId = await newBoard();
      const { body: label } = await createLabel(boardId, { name: 'Old', color: '#111111' });
      const renamed = await t.http.put(`/api/labels/${label._id}`).set(member.auth).send({ name: ' New ' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ ...label, name: 'New' });
      expect((await lastActivity(boardId)).description).toBe(
        'renamed label <strong>Old</strong> to <strong>New</strong>',
      );
      expect(events.at(-1)).toMatchObject({ type: 'label.updated', payload: renamed.body });
      const recoloured = await t.http.put(`/api/labels/${label._id}`).set(owner.auth).send({ color: '#222' });
      expect(recoloured.body).toEqual({ ...label, name: 'New', color: '#222' });
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'UPDATE_LABEL',
        description: 'updated label <strong>New</strong>',
      });
    });

    it('lets a default label be renamed; it stays a default', async () => {
      const boardId = await newBoard();
      const all = (await t.http.get(`/api/boards/${boardId}/labels`).set(owner.auth)).body as Label[];
      const bug = all.find((l) => l.name === 'Bug')!;
      const res = await t.http.put(`/api/labels/${bug._id}`).set(member.auth).send({ name: 'Defect' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Defect', isDefault: true });
    });

    it.each([[{}], [{ name: '  ' }], [{ color: 'blue' }], [{ name: 'x'.repeat(51) }], [{ name: null }]])(
      'refuses %j with 400',
      async (body) => {
        const boardId = await newBoard();
        const { body: label } = await createLabel(boardId, { name: 'Keep', color: '#111111' });
        const res = await t.http.put(`/api/labels/${label._id}`).set(member.auth).send(body);
        expect(res.status).toBe(400);
        const [row] = await t.db.select().from(labels).where(eq(labels.id, label._id));
        expect(row).toMatchObject({ name: 'Keep', color: '#111111' });
      },
    );

    it("refuses a label of a board the caller is not a member of with 403, even for another board's member", async () => {
      await newBoard('Theirs is not mine');
      const other = await createBoard(t, stranger, 'B');
      const foreign = (await t.http.get(`/api/boards/${other._id}/labels`).set(stranger.auth))
        .body[0] as Label;
      const res = await t.http.put(`/api/labels/${foreign._id}`).set(member.auth).send({ name: 'Hijacked' });
      expect(res.status).toBe(403);
      expect((await t.http.delete(`/api/labels/${foreign._id}`).set(owner.auth)).status).toBe(403);
      const [row] = await t.db.select().from(labels).where(eq(labels.id, foreign._id));
      expect(row.name).toBe(foreign.name);
    });

    it('answers 404 to an unknown label and 400 to a malformed id', async () => {
      expect((await t.http.put(`/api/labels/${UNKNOWN_ID}`).set(owner.auth).send({ name: 'x' })).status).toBe(
        404,
      );
      expect((await t.http.put('/api/labels/1 OR 1=1').set(owner.auth).send({ name: 'x' })).status).toBe(400);
    });
  });

  describe('DELETE /api/labels/:id', () => {
    it('deletes a label and takes it off every card', async () => {
      const boardId = await newBoard();
      const list = await seedList(t, boardId);
      const card = await seedCard(t, boardId, list.id, 'Card');
      const { body: label } = await createLabel(boardId, { name: 'Gone', color: '#333333' });
      await t.db.insert(cardLabels).values({ cardId: card.id, labelId: label._id });
      const res = await t.http.delete(`/api/labels/${label._id}`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Label deleted', _id: label._id });
      expect(await t.db.select().from(cardLabels).where(eq(cardLabels.labelId, label._id))).toEqual([]);
      const board = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
      expect(board.body.lists[0].cards[0].labels).toEqual([]);
      expect(board.body.labels.map((l: Label) => l._id)).not.toContain(label._id);
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'DELETE_LABEL',
        description: 'deleted label <strong>Gone</strong>',
      });
      expect(events.at(-1)).toMatchObject({ type: 'label.deleted', payload: { _id: label._id } });
      expect((await t.http.delete(`/api/labels/${label._id}`).set(member.auth)).status).toBe(404);
    });

    it('answers 403 to a non-member and keeps the label', async () => {
      const boardId = await newBoard();
      const { body: label } = await createLabel(boardId, { name: 'Stay', color: '#333333' });
      expect((await t.http.delete(`/api/labels/${label._id}`).set(stranger.auth)).status).toBe(403);
      expect(await t.db.select().from(labels).where(eq(labels.id, label._id))).toHaveLength(1);
    });
  });
});
