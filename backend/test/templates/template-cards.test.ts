import type { Card, Insights } from '@papan/shared';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { cardIn, compact, listWith, logOf, move } from '../lanes/lane-helpers';
import { exportBoard, importFile } from '../board-transfer/transfer-helpers';

/** Template cards (docs/product.md, "Templates"): no work anywhere, and the start of new cards. */
describe('template cards', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
  });
  afterAll(() => t.close());

  const makeTemplate = (cardId: string, isTemplate = true) =>
    t.http.put(`/api/cards/${cardId}`).set(cast.owner.auth).send({ isTemplate });

  async function hardLimited(limit: number) {
    const boardId = (await castBoard(t, cast, 'Templates'))._id;
    const todo = await listWith(t, cast.owner, boardId, 'To do');
    const doing = await listWith(t, cast.owner, boardId, 'Doing', { wipLimit: limit, wipMode: 'hard' });
    return { boardId, todo, doing };
  }

  it('PUT /api/cards/{id} {isTemplate} marks and unmarks a card; reads and the event carry it', async () => {
    const { boardId, todo } = await hardLimited(3);
    const cardId = await cardIn(t, cast.owner, todo, 'Bug report');
    const res = await makeTemplate(cardId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: cardId, isTemplate: true });
    const { events } = await logOf(t, cast.owner, boardId);
    expect(events.at(-1)).toMatchObject({ type: 'card.updated', payload: { _id: cardId, isTemplate: true } });
    expect((await compact(t, cast.owner, boardId)).lists[0]!.cards[0]).toMatchObject({ isTemplate: true });
    const full = await t.http.get(`/api/boards/${boardId}`).set(cast.owner.auth).expect(200);
    expect(full.body.lists[0].cards[0]).toMatchObject({ isTemplate: true });
    expect((await makeTemplate(cardId, false)).body).toMatchObject({ isTemplate: false });
    // The compact read leaves the flag out for a card that is not a template.
    expect((await compact(t, cast.owner, boardId)).lists[0]!.cards[0]).not.toHaveProperty('isTemplate');
  });

  it('an export says which cards and whether the board are templates, and an import keeps them', async () => {
    const { boardId, todo } = await hardLimited(3);
    const template = await cardIn(t, cast.owner, todo, 'Template');
    await cardIn(t, cast.owner, todo, 'Plain');
    await makeTemplate(template).expect(200);
    await t.http.put(`/api/boards/${boardId}`).set(cast.owner.auth).send({ isTemplate: true }).expect(200);
    const file = await exportBoard(t, cast.owner, boardId, 'json').expect(200);
    const doc = JSON.parse(file.body.toString());
    expect(doc.board.isTemplate).toBe(true);
    expect(
      doc.lists[0].cards.map((c: { title: string; isTemplate: boolean }) => [c.title, c.isTemplate]),
    ).toEqual([
      ['Template', true],
      ['Plain', false],
    ]);
    const imported = await importFile(t, cast.owner, file.body);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ isTemplate: true });
    const read = await compact(t, cast.owner, imported.body._id);
    expect(read.lists[0]!.cards.map((c) => [c.title, c.isTemplate ?? false])).toEqual([
      ['Template', true],
      ['Plain', false],
    ]);
  });

  it('refuses an isTemplate that is not true or false with a 400 naming it', async () => {
    const { todo } = await hardLimited(3);
    const cardId = await cardIn(t, cast.owner, todo);
    const res = await t.http.put(`/api/cards/${cardId}`).set(cast.owner.auth).send({ isTemplate: 'yes' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain('isTemplate');
  });

  describe('a hard WIP limit does not count templates', () => {
    it('a full list still takes a template card, by copy and by move, and a template uses no slot', async () => {
      const { boardId, todo, doing } = await hardLimited(1);
      const template = await cardIn(t, cast.owner, todo, 'Template');
      await makeTemplate(template).expect(200);
      // The template in Doing first: the one slot is still free for a card.
      const moved = await move(t, cast.owner, boardId, {
        cardId: template,
        sourceListId: todo,
        destListId: doing,
        newPosition: 0,
      });
      expect(moved.status).toBe(200);
      await cardIn(t, cast.owner, doing, 'Work');
      // Full now: another card is refused, a copy of the template is not.
      const refused = await t.http
        .post(`/api/lists/${doing}/cards`)
        .set(cast.owner.auth)
        .send({ title: 'x' });
      expect(refused.status).toBe(409);
      const copy = await t.http.post(`/api/cards/${template}/copy`).set(cast.owner.auth);
      expect(copy.status).toBe(201);
      expect(copy.body).toMatchObject({ isTemplate: true, listId: doing });
      // The copy goes right after its original.
      const read = await compact(t, cast.owner, boardId);
      expect(read.lists[1]!.cards.map((c) => [c.title, c.isTemplate ?? false])).toEqual([
        ['Template', true],
        ['Template', true],
        ['Work', false],
      ]);
    });

    it('a template made a card again in a full list is refused with 409, and stays a template', async () => {
      const { boardId, doing } = await hardLimited(1);
      const template = await cardIn(t, cast.owner, doing, 'Template');
      await makeTemplate(template).expect(200);
      await cardIn(t, cast.owner, doing, 'Work');
      const before = await logOf(t, cast.owner, boardId);
      const res = await makeTemplate(template, false);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The list "Doing" is at its limit of 1 card.');
      expect(await logOf(t, cast.owner, boardId)).toEqual(before);
    });
  });

  it('a soft limit counts no template: list.wipExceeded only when real cards pass it', async () => {
    const boardId = (await castBoard(t, cast, 'Soft'))._id;
    const doing = await listWith(t, cast.owner, boardId, 'Doing', { wipLimit: 1, wipMode: 'soft' });
    const template = await cardIn(t, cast.owner, doing, 'Template');
    await makeTemplate(template).expect(200);
    await t.http.post(`/api/cards/${template}/copy`).set(cast.owner.auth).expect(201);
    await cardIn(t, cast.owner, doing, 'One');
    const quiet = await logOf(t, cast.owner, boardId);
    expect(quiet.events.filter((e) => e.type === 'list.wipExceeded')).toEqual([]);
    await cardIn(t, cast.owner, doing, 'Two');
    const { events } = await logOf(t, cast.owner, boardId);
    expect(events.filter((e) => e.type === 'list.wipExceeded').map((e) => e.payload)).toEqual([
      { listId: doing, count: 2, limit: 1 },
    ]);
  });

  it('insights leave templates out: WIP, aging, throughput and the CFD', async () => {
    const boardId = (await castBoard(t, cast, 'Flow'))._id;
    const doing = await listWith(t, cast.owner, boardId, 'Doing');
    const done = await listWith(t, cast.owner, boardId, 'Done');
    await t.http.put(`/api/lists/${doing}`).set(cast.owner.auth).send({ stage: 'active' }).expect(200);
    await t.http.put(`/api/lists/${done}`).set(cast.owner.auth).send({ stage: 'done' }).expect(200);
    const work = await cardIn(t, cast.owner, doing, 'Work');
    const template = await cardIn(t, cast.owner, doing, 'Template');
    const finished = await cardIn(t, cast.owner, doing, 'Finished');
    const finishedTemplate = await cardIn(t, cast.owner, doing, 'Finished template');
    for (const id of [template, finishedTemplate]) await makeTemplate(id).expect(200);
    for (const cardId of [finished, finishedTemplate])
      await move(t, cast.owner, boardId, {
        cardId,
        sourceListId: doing,
        destListId: done,
        newPosition: 0,
      }).expect(200);
    const body = (await t.http.get(`/api/boards/${boardId}/insights`).set(cast.owner.auth).expect(200))
      .body as Insights;
    expect(body.wip).toEqual([
      { listId: doing, count: 1, limit: null },
      { listId: done, count: 1, limit: null },
    ]);
    expect(body.aging.map((a) => a.cardId)).toEqual([work]);
    expect(body.throughput.reduce((n, day) => n + day.count, 0)).toBe(1);
    expect(body.finished.map((f) => f.cardId)).toEqual([finished]);
    expect(body.cfd.at(-1)!.counts).toEqual({ [doing]: 1, [done]: 1 });
  });

  describe('POST /api/lists/{id}/cards {templateId}', () => {
    async function templateWithEverything() {
      const boardId = (await castBoard(t, cast, 'From template'))._id;
      const todo = await listWith(t, cast.owner, boardId, 'To do');
      const doing = await listWith(t, cast.owner, boardId, 'Doing');
      const template = await cardIn(t, cast.owner, todo, 'Bug report');
      const { body: labels } = await t.http.get(`/api/boards/${boardId}/labels`).set(cast.owner.auth);
      for (const label of labels.slice(0, 2))
        await t.http.post(`/api/cards/${template}/labels`).set(cast.owner.auth).send({ labelId: label._id });
      await t.http
        .put(`/api/cards/${template}`)
        .set(cast.owner.auth)
        .send({ description: 'Steps to reproduce', dueAt: '2030-01-01T09:00:00.000Z', isTemplate: true })
        .expect(200);
      const checklist = await t.http
        .post(`/api/cards/${template}/checklists`)
        .set(cast.owner.auth)
        .send({ title: 'Triage' });
      for (const text of ['Reproduce', 'Find the cause'])
        await t.http.post(`/api/checklists/${checklist.body._id}/items`).set(cast.owner.auth).send({ text });
      for (const user of [cast.member, cast.owner])
        await t.http.post(`/api/cards/${template}/members`).set(cast.owner.auth).send({ userId: user._id });
      const original: Card = (await t.http.get(`/api/boards/${boardId}`).set(cast.owner.auth)).body.lists[0]
        .cards[0];
      return { boardId, todo, doing, template, original };
    }

    it('makes a card at the end of the list with the template’s labels, checklists, description and members, in one event', async () => {
      const { boardId, doing, template, original } = await templateWithEverything();
      await cardIn(t, cast.owner, doing, 'Already there');
      const before = await logOf(t, cast.owner, boardId);
      const res = await t.http
        .post(`/api/lists/${doing}/cards`)
        .set(cast.member.auth)
        .send({ templateId: template });
      expect(res.status).toBe(201);
      const card = res.body as Card;
      expect(card).toMatchObject({
        listId: doing,
        title: 'Bug report',
        description: 'Steps to reproduce',
        isTemplate: false,
        memberIds: [cast.member._id, cast.owner._id],
        // Only the four things the template is for: no due date comes along.
        dueAt: null,
      });
      expect(card._id).not.toBe(template);
      expect(card.labels.map((l) => l._id)).toEqual(original.labels.map((l) => l._id));
      expect(card.labels).toHaveLength(2);
      expect(card.checklists.map((c) => [c.title, c.items.map((i) => [i.text, i.isCompleted])])).toEqual([
        [
          'Triage',
          [
            ['Reproduce', false],
            ['Find the cause', false],
          ],
        ],
      ]);
      expect(card.checklists[0]!._id).not.toBe(original.checklists[0]!._id);
      const after = await logOf(t, cast.owner, boardId);
      expect(after.events.slice(before.events.length).map((e) => e.type)).toEqual(['card.created']);
      expect(after.events.at(-1)!.payload).toEqual(card);
      const read = await compact(t, cast.owner, boardId);
      expect(read.lists[1]!.cards.map((c) => c.title)).toEqual(['Already there', 'Bug report']);
      // The template is untouched.
      expect(read.lists[0]!.cards.map((c) => [c.title, c.isTemplate])).toEqual([['Bug report', true]]);
    });

    it('takes a title and a lane of its own', async () => {
      const { boardId, doing, template } = await templateWithEverything();
      const lane = await t.http
        .post(`/api/boards/${boardId}/lanes`)
        .set(cast.owner.auth)
        .send({ title: 'Fast' });
      const res = await t.http
        .post(`/api/lists/${doing}/cards`)
        .set(cast.owner.auth)
        .send({ templateId: template, title: 'Login fails', laneId: lane.body._id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Login fails',
        laneId: lane.body._id,
        description: 'Steps to reproduce',
      });
    });

    it('refuses a card that is not a template of this board with a 400, and stores nothing', async () => {
      const { boardId, todo, doing } = await templateWithEverything();
      const plain = await cardIn(t, cast.owner, todo, 'Plain');
      const otherBoard = (await castBoard(t, cast, 'Other'))._id;
      const otherList = await listWith(t, cast.owner, otherBoard, 'List');
      const foreign = await cardIn(t, cast.owner, otherList, 'Foreign');
      await makeTemplate(foreign).expect(200);
      const before = await logOf(t, cast.owner, boardId);
      for (const templateId of [plain, foreign, '00000000-0000-4000-8000-000000000000']) {
        const res = await t.http.post(`/api/lists/${doing}/cards`).set(cast.owner.auth).send({ templateId });
        expect({ templateId, status: res.status, message: res.body.message }).toEqual({
          templateId,
          status: 400,
          message: 'templateId: not a template card of this board',
        });
      }
      expect(await logOf(t, cast.owner, boardId)).toEqual(before);
    });

    it('still needs a title without a template', async () => {
      const { doing } = await templateWithEverything();
      const res = await t.http.post(`/api/lists/${doing}/cards`).set(cast.owner.auth).send({});
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain('title');
    });
  });
});
