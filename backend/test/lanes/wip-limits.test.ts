import type { BoardEvent } from '@papan/shared';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { exportBoard, importFile } from '../board-transfer/transfer-helpers';
import { cardIn, compact, listWith, logOf, move } from './lane-helpers';

/** Work-in-progress limits (docs/lanes.md): hard ones refuse on every path, soft ones record a crossing. */
describe('WIP limits', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
  });
  afterAll(() => t.close());

  async function boardWithLimit(limit: number, mode: 'soft' | 'hard' = 'hard') {
    const boardId = (await createBoard(t, owner, 'Limits'))._id;
    const todo = await listWith(t, owner, boardId, 'To do');
    const doing = await listWith(t, owner, boardId, 'Doing', { wipLimit: limit, wipMode: mode });
    return { boardId, todo, doing };
  }

  it('PUT /api/lists/{id} sets and clears the limit and mode; the reads and the event carry them', async () => {
    const { boardId, doing } = await boardWithLimit(3);
    const read = await compact(t, owner, boardId);
    expect(read.lists.map((l) => [l.title, l.wipLimit, l.wipMode])).toEqual([
      ['To do', null, 'soft'],
      ['Doing', 3, 'hard'],
    ]);
    const full = await t.http.get(`/api/boards/${boardId}`).set(owner.auth).expect(200);
    expect(full.body.lists[1]).toMatchObject({ wipLimit: 3, wipMode: 'hard' });
    // What is left out stays as it was.
    const renamed = await t.http.put(`/api/lists/${doing}`).set(owner.auth).send({ title: 'In progress' });
    expect(renamed.body).toMatchObject({ title: 'In progress', wipLimit: 3, wipMode: 'hard' });
    const cleared = await t.http.put(`/api/lists/${doing}`).set(owner.auth).send({ wipLimit: null });
    expect(cleared.body).toMatchObject({ wipLimit: null, wipMode: 'hard' });
    const { events } = await logOf(t, owner, boardId);
    expect(events.at(-1)).toMatchObject({
      type: 'list.updated',
      payload: { _id: doing, title: 'In progress', wipLimit: null, wipMode: 'hard' },
    });
  });

  it.each([
    [{ wipLimit: 0 }, 'wipLimit'],
    [{ wipLimit: 1000 }, 'wipLimit'],
    [{ wipLimit: 2.5 }, 'wipLimit'],
    [{ wipLimit: '3' }, 'wipLimit'],
    [{ wipMode: 'strict' }, 'wipMode'],
    [{ wipMode: null }, 'wipMode'],
    [{}, 'give at least one'],
  ])('refuses %j with a 400 naming the field, and stores nothing', async (body, field) => {
    const { boardId, doing } = await boardWithLimit(3);
    const before = await logOf(t, owner, boardId);
    const res = await t.http.put(`/api/lists/${doing}`).set(owner.auth).send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain(field);
    expect(await logOf(t, owner, boardId)).toEqual(before);
  });

  describe('a hard limit refuses every way in, with 409 and nothing changed', () => {
    it('create, copy, move (both readings) and the undo of a delete', async () => {
      const { boardId, todo, doing } = await boardWithLimit(2);
      const inDoing = [await cardIn(t, owner, doing, 'a'), await cardIn(t, owner, doing, 'b')];
      const waiting = await cardIn(t, owner, todo, 'waiting');
      const before = await logOf(t, owner, boardId);
      const message = 'The list "Doing" is at its limit of 2 cards.';
      const refused = async (req: PromiseLike<{ status: number; body: { message?: unknown } }>) => {
        const res = await req;
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', message });
        expect(await logOf(t, owner, boardId)).toEqual(before);
      };
      await refused(t.http.post(`/api/lists/${doing}/cards`).set(owner.auth).send({ title: 'c' }));
      await refused(t.http.post(`/api/cards/${inDoing[0]}/copy`).set(owner.auth));
      await refused(
        move(t, owner, boardId, { cardId: waiting, sourceListId: todo, destListId: doing, newPosition: 0 }),
      );
      await refused(
        t.http
          .post('/api/dnd/card')
          .set(owner.auth)
          .send({
            boardId,
            sourceList: { _id: todo, cards: [] },
            destList: { _id: doing, cards: [waiting, ...inDoing] },
          }),
      );
      // Within the list, the cards still move.
      await move(t, owner, boardId, {
        cardId: inDoing[1],
        sourceListId: doing,
        destListId: doing,
        newPosition: 0,
      }).expect(200);
      // A deleted card's slot is taken meanwhile: its undo is refused, and can be tried again later.
      const deleted = await t.http.delete(`/api/cards/${inDoing[0]}`).set(owner.auth).expect(200);
      await move(t, owner, boardId, {
        cardId: waiting,
        sourceListId: todo,
        destListId: doing,
        newPosition: 0,
      }).expect(200);
      const full = await logOf(t, owner, boardId);
      const undo = await t.http.post(`/api/undo/${deleted.body.undoToken}`).set(owner.auth);
      expect(undo.status).toBe(409);
      expect(undo.body.message).toBe(message);
      expect(await logOf(t, owner, boardId)).toEqual(full);
      await move(t, owner, boardId, {
        cardId: waiting,
        sourceListId: doing,
        destListId: todo,
        newPosition: 0,
      }).expect(200);
      await t.http.post(`/api/undo/${deleted.body.undoToken}`).set(owner.auth).expect(200);
      const read = await compact(t, owner, boardId);
      expect(read.lists[1].cards).toHaveLength(2);
    });

    it('a limit set below the count leaves the list over it, red, and lets cards leave but not enter', async () => {
      const { boardId, todo, doing } = await boardWithLimit(5);
      const cards = [];
      for (const title of ['a', 'b', 'c']) cards.push(await cardIn(t, owner, doing, title));
      await t.http.put(`/api/lists/${doing}`).set(owner.auth).send({ wipLimit: 1 }).expect(200);
      await move(t, owner, boardId, {
        cardId: cards[0],
        sourceListId: doing,
        destListId: todo,
        newPosition: 0,
      }).expect(200);
      const back = await move(t, owner, boardId, {
        cardId: cards[0],
        sourceListId: todo,
        destListId: doing,
        newPosition: 0,
      });
      expect(back.status).toBe(409);
      expect(back.body.message).toBe('The list "Doing" is at its limit of 1 card.');
    });

    it('20 concurrent moves into a list with one free slot: exactly one lands', async () => {
      const { boardId, todo, doing } = await boardWithLimit(3);
      for (const title of ['a', 'b']) await cardIn(t, owner, doing, title);
      const movers: string[] = [];
      for (let i = 0; i < 20; i++) movers.push(await cardIn(t, owner, todo, `m${i}`));
      const before = await logOf(t, owner, boardId);
      const answers = await Promise.all(
        movers.map((cardId) =>
          move(t, owner, boardId, { cardId, sourceListId: todo, destListId: doing, newPosition: 0 }),
        ),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
      const read = await compact(t, owner, boardId);
      expect(read.lists[1].cards).toHaveLength(3);
      expect(read.lists[0].cards).toHaveLength(19);
      const after = await logOf(t, owner, boardId);
      expect(after.version).toBe(before.version + 1);
      expect(after.events.slice(before.events.length).map((e) => e.type)).toEqual(['card.moved']);
    });

    it('an import brings a list over its hard limit in with all its cards', async () => {
      const { boardId, doing } = await boardWithLimit(3);
      for (const title of ['a', 'b', 'c']) await cardIn(t, owner, doing, title);
      await t.http.put(`/api/lists/${doing}`).set(owner.auth).send({ wipLimit: 1 }).expect(200);
      const file = await exportBoard(t, owner, boardId, 'json').expect(200);
      const imported = await importFile(t, owner, file.body);
      expect(imported.status).toBe(201);
      const read = await compact(t, owner, imported.body._id);
      expect(read.lists[1]).toMatchObject({ title: 'Doing', wipLimit: 1, wipMode: 'hard' });
      expect(read.lists[1].cards.map((c) => c.title)).toEqual(['a', 'b', 'c']);
    });

    it('deleting a list and undoing it brings its cards back whatever its limit', async () => {
      const { boardId, doing } = await boardWithLimit(2);
      for (const title of ['a', 'b']) await cardIn(t, owner, doing, title);
      const deleted = await t.http.delete(`/api/lists/${doing}`).set(owner.auth).expect(200);
      await t.http.post(`/api/undo/${deleted.body.undoToken}`).set(owner.auth).expect(200);
      expect((await compact(t, owner, boardId)).lists[1].cards).toHaveLength(2);
    });
  });

  describe('a soft limit lets the change through and records list.wipExceeded once per crossing', () => {
    const crossings = (events: BoardEvent[]) =>
      events.filter((e) => e.type === 'list.wipExceeded').map((e) => ({ version: e.version, ...e.payload }));

    it('create, copy, move and undo; each crossing right after its change, with the next version', async () => {
      const { boardId, todo, doing } = await boardWithLimit(2, 'soft');
      const a = await cardIn(t, owner, doing, 'a');
      await cardIn(t, owner, doing, 'b');
      expect(crossings((await logOf(t, owner, boardId)).events)).toEqual([]);
      // Over: a third card.
      const created = await t.http
        .post(`/api/lists/${doing}/cards`)
        .set(owner.auth)
        .send({ title: 'c' })
        .expect(201);
      const version = Number(created.headers['board-version']);
      let log = await logOf(t, owner, boardId);
      expect(log.version).toBe(version + 1);
      expect(log.events.at(-2)).toMatchObject({ version, type: 'card.created' });
      expect(crossings(log.events)).toEqual([{ version: version + 1, listId: doing, count: 3, limit: 2 }]);
      // Still over: a copy records no second crossing.
      await t.http.post(`/api/cards/${a}/copy`).set(owner.auth).expect(201);
      expect(crossings((await logOf(t, owner, boardId)).events)).toHaveLength(1);
      // Back under (two cards out), then over again by a move: a second crossing.
      const read = await compact(t, owner, boardId);
      for (const card of read.lists[1].cards.slice(0, 2))
        await move(t, owner, boardId, {
          cardId: card._id,
          sourceListId: doing,
          destListId: todo,
          newPosition: 0,
        }).expect(200);
      await move(t, owner, boardId, {
        cardId: a,
        sourceListId: todo,
        destListId: doing,
        newPosition: 0,
      }).expect(200);
      log = await logOf(t, owner, boardId);
      expect(crossings(log.events).map((c) => c.count)).toEqual([3, 3]);
      // Under again by a delete; the undo passes the limit once more.
      const deleted = await t.http.delete(`/api/cards/${a}`).set(owner.auth).expect(200);
      await t.http.post(`/api/undo/${deleted.body.undoToken}`).set(owner.auth).expect(200);
      expect(crossings((await logOf(t, owner, boardId)).events).map((c) => c.count)).toEqual([3, 3, 3]);
    });

    it('a soft limit set below the count is a crossing; setting it again while over is not', async () => {
      const { boardId, doing } = await boardWithLimit(5, 'soft');
      for (const title of ['a', 'b', 'c']) await cardIn(t, owner, doing, title);
      await t.http.put(`/api/lists/${doing}`).set(owner.auth).send({ wipLimit: 2 }).expect(200);
      await t.http.put(`/api/lists/${doing}`).set(owner.auth).send({ wipLimit: 1 }).expect(200);
      expect(crossings((await logOf(t, owner, boardId)).events)).toEqual([
        expect.objectContaining({ listId: doing, count: 3, limit: 2 }),
      ]);
    });
  });
});
