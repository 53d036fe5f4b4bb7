import { eq } from 'drizzle-orm';
import type { List } from '@papan/shared';
import { cards } from '../../src/database/schema';
import { ListsService } from '../../src/modules/lists/lists.service';
import { castBoard, castOf } from '../helpers/cast';
import { seedCard, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  ESCAPED_HOSTILE,
  HOSTILE,
  UNKNOWN_ID,
  lastActivity,
  readBoard,
  recordEvents,
  seedChecklist,
} from '../cards/card-fixtures';

describe(ListsService.name, () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let boardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member, stranger } = await castOf(t));
  });
  beforeEach(async () => {
    boardId = (await castBoard(t, { owner, member }, 'Lists'))._id;
  });
  afterAll(() => t.close());

  const addList = (title: unknown, user = owner, board = boardId) =>
    t.http.post(`/api/boards/${board}/lists`).set(user.auth).send({ title });

  describe('create', () => {
    it('appends a trimmed list at the end, bumps the version and records CREATE_LIST', async () => {
      const events = recordEvents(t);
      const before = await readBoard(t, owner, boardId);
      const first = await addList('  To do  ');
      const second = await addList('Done', member);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        _id: expect.any(String),
        boardId,
        title: 'To do',
        position: 1024,
        stage: null,
        wipLimit: null,
        wipMode: 'soft',
        revision: 1,
        cards: [],
      });
      expect(second.body.position).toBeGreaterThan(first.body.position);
      const board = await readBoard(t, owner, boardId);
      expect(board.lists.map((l) => l.title)).toEqual(['To do', 'Done']);
      expect(board.version).toBe(before.version + 2);
      expect(events.map((e) => e.type)).toEqual(['list.created', 'list.created']);
      expect(events[0]).toMatchObject({ boardId, actorId: owner._id, payload: first.body });
      expect(await lastActivity(t, boardId)).toEqual({
        actionType: 'CREATE_LIST',
        description: 'added list <strong>Done</strong>',
        userId: member._id,
      });
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
      ['a number', 5],
      ['null', null],
      ['201 characters', 'x'.repeat(201)],
    ])('refuses a title that is %s with 400', async (_, title) => {
      const res = await addList(title);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^title/);
    });

    it('stores hostile text verbatim and escapes it in the activity', async () => {
      const res = await addList(HOSTILE);
      expect(res.status).toBe(201);
      expect(res.body.title).toBe(HOSTILE);
      expect((await readBoard(t, owner, boardId)).lists[0].title).toBe(HOSTILE);
      expect((await lastActivity(t, boardId)).description).toBe(
        `added list <strong>${ESCAPED_HOSTILE}</strong>`,
      );
    });

    it('answers 413 to a 1 MB body, 400 to malformed JSON and to a malformed board id', async () => {
      expect((await addList('x'.repeat(1024 * 1024))).status).toBe(413);
      const bad = await t.http
        .post(`/api/boards/${boardId}/lists`)
        .set(owner.auth)
        .set('Content-Type', 'application/json')
        .send('{"title": ');
      expect(bad.status).toBe(400);
      expect((await addList('x', owner, 'not-a-uuid' as string)).status).toBe(400);
      expect((await addList('x', owner, UNKNOWN_ID)).status).toBe(404);
    });
  });

  describe('read', () => {
    it('answers the lists in order with their cards exactly as the whole-board read', async () => {
      const a = (await addList('A')).body as List;
      const b = (await addList('B')).body as List;
      const card = await seedCard(t, boardId, b._id, 'Second', 2);
      await seedCard(t, boardId, b._id, 'First', 1);
      await seedCard(t, boardId, a._id, 'Alone', 1);
      await seedChecklist(t, boardId, card.id, 'Steps', ['one', 'two']);
      const board = await readBoard(t, owner, boardId);
      const label = board.labels[0];
      await t.http.post(`/api/cards/${card.id}/labels`).set(owner.auth).send({ labelId: label._id });
      const res = await t.http.get(`/api/boards/${boardId}/lists`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual((await readBoard(t, owner, boardId)).lists);
      expect(res.body[1].cards.map((c: { title: string }) => c.title)).toEqual(['First', 'Second']);
      expect(res.body[1].cards[1]).toMatchObject({
        labels: [label],
        checklists: [{ title: 'Steps', items: [{ text: 'one' }, { text: 'two' }] }],
      });
    });
  });

  describe('rename', () => {
    it('renames a list for any member and records UPDATE_LIST', async () => {
      const list = (await addList('Old')).body as List;
      await seedCard(t, boardId, list._id, 'Card', 1);
      const res = await t.http.put(`/api/lists/${list._id}`).set(member.auth).send({ title: '  New  ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: list._id, title: 'New', position: list.position });
      expect(res.body.cards.map((c: { title: string }) => c.title)).toEqual(['Card']);
      expect((await lastActivity(t, boardId)).description).toBe(
        'renamed list <strong>Old</strong> to <strong>New</strong>',
      );
    });

    it('refuses empty titles, unknown and malformed ids', async () => {
      const list = (await addList('Old')).body as List;
      expect((await t.http.put(`/api/lists/${list._id}`).set(owner.auth).send({ title: ' ' })).status).toBe(
        400,
      );
      expect((await t.http.put(`/api/lists/${list._id}`).set(owner.auth).send({})).status).toBe(400);
      expect((await t.http.put(`/api/lists/${UNKNOWN_ID}`).set(owner.auth).send({ title: 'x' })).status).toBe(
        404,
      );
      expect((await t.http.put('/api/lists/1').set(owner.auth).send({ title: 'x' })).status).toBe(400);
    });
  });

  describe('delete', () => {
    it('deletes the list with its cards for any member and records DELETE_LIST', async () => {
      const events = recordEvents(t);
      const list = (await addList('Doomed')).body as List;
      const card = await seedCard(t, boardId, list._id, 'Card', 1);
      const res = await t.http.delete(`/api/lists/${list._id}`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'List deleted', _id: list._id, undoToken: expect.any(String) });
      expect((await readBoard(t, owner, boardId)).lists).toEqual([]);
      expect(await t.db.select().from(cards).where(eq(cards.id, card.id))).toEqual([]);
      expect(events.at(-1)).toMatchObject({ type: 'list.deleted', payload: { _id: list._id } });
      expect((await lastActivity(t, boardId)).description).toBe('deleted list <strong>Doomed</strong>');
      expect((await t.http.delete(`/api/lists/${list._id}`).set(owner.auth)).status).toBe(404);
    });
  });

  describe('permissions', () => {
    it('answers 403 to a non-member on every list endpoint and changes nothing', async () => {
      const list = (await addList('Mine')).body as List;
      const version = (await readBoard(t, owner, boardId)).version;
      const calls = [
        t.http.get(`/api/boards/${boardId}/lists`).set(stranger.auth),
        t.http.post(`/api/boards/${boardId}/lists`).set(stranger.auth).send({ title: 'x' }),
        t.http.put(`/api/lists/${list._id}`).set(stranger.auth).send({ title: 'x' }),
        t.http.delete(`/api/lists/${list._id}`).set(stranger.auth),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('You are not a member of this board.');
      }
      const board = await readBoard(t, owner, boardId);
      expect(board.version).toBe(version);
      expect(board.lists.map((l) => l.title)).toEqual(['Mine']);
    });

    it('answers 401 without a token', async () => {
      expect((await t.http.get(`/api/boards/${boardId}/lists`)).status).toBe(401);
    });
  });
});
