import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Insights, PapanExport } from '@papan/shared';
import { cardHistory } from '../../src/database/schema';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createToken } from '../api-tokens/token-fixtures';
import { exportBoard, importFile, trelloFixture } from '../board-transfer/transfer-helpers';
import { boardFlow, type Stay } from './flow-fixtures';

/**
 * Flow insights over an imported history whose figures are worked out by hand below (docs/insights.md,
 * "Definitions"). Lists: Backlog (L1), Doing (L2), Review (L3), all active but L1; Done (L4).
 *
 *   A  L1 03-01 02:00Z → L2 03-02 02:00Z → L4 03-04 02:00Z                  lead 3.00, cycle 2.00
 *   B  L1 03-02 00:00Z → L2 03-03 00:00Z → L4 03-05 17:30Z (03-06 00:30 in Jakarta)  lead 3.73, cycle 2.73
 *   C  L2 03-01 00:00Z → L4 03-03 00:00Z → L2 03-03 12:00Z (reopened, same day) → L4 03-07  lead 6, cycle 6
 *   D  L1 03-01 → L2 03-02 → L4 03-05, deleted 03-08 (only in the history)  lead 4.00, cycle 3.00
 *   E  L1 03-01 → L2 03-06, open; deleted through the API after the import
 *   F  L1 03-09 00:00Z → L3 03-09 12:00Z, open (the aging card)
 */
const L = { backlog: randomUUID(), doing: randomUUID(), review: randomUUID(), done: randomUUID() };
const C = {
  A: randomUUID(),
  B: randomUUID(),
  C: randomUUID(),
  D: randomUUID(),
  E: randomUUID(),
  F: randomUUID(),
};
const at = (isoMinute: string) => `2026-03-${isoMinute}:00.000Z`;
const stays: Stay[] = [
  [C.A, L.backlog, at('01T02:00'), at('02T02:00')],
  [C.A, L.doing, at('02T02:00'), at('04T02:00')],
  [C.A, L.done, at('04T02:00'), null],
  [C.B, L.backlog, at('02T00:00'), at('03T00:00')],
  [C.B, L.doing, at('03T00:00'), at('05T17:30')],
  [C.B, L.done, at('05T17:30'), null],
  [C.C, L.doing, at('01T00:00'), at('03T00:00')],
  [C.C, L.done, at('03T00:00'), at('03T12:00')],
  [C.C, L.doing, at('03T12:00'), at('07T00:00')],
  [C.C, L.done, at('07T00:00'), null],
  [C.D, L.backlog, at('01T00:00'), at('02T00:00')],
  [C.D, L.doing, at('02T00:00'), at('05T00:00')],
  [C.D, L.done, at('05T00:00'), at('08T00:00')],
  [C.E, L.backlog, at('01T00:00'), at('06T00:00')],
  [C.E, L.doing, at('06T00:00'), null],
  [C.F, L.backlog, at('09T00:00'), at('09T12:00')],
  [C.F, L.review, at('09T12:00'), null],
];

describe('flow insights', () => {
  let t: TestApp;
  let owner: TestUser;
  let boardId: string;
  let ids: { lists: Map<string, string>; cards: Map<string, string> };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    const doc = boardFlow(
      [
        { id: L.backlog, title: 'Backlog', stage: 'backlog', cards: [] },
        { id: L.doing, title: 'Doing', stage: 'active', cards: [[C.E, 'E']] },
        { id: L.review, title: 'Review', stage: 'active', cards: [[C.F, 'F']] },
        {
          id: L.done,
          title: 'Done',
          stage: 'done',
          cards: [
            [C.A, 'A'],
            [C.B, 'B'],
            [C.C, 'C'],
          ],
        },
      ],
      stays,
    );
    const res = await importFile(t, owner, Buffer.from(JSON.stringify(doc)));
    expect(res.status).toBe(201);
    boardId = res.body._id;
    ids = await idsOf(boardId);
    // E is deleted now: it leaves the CFD from now on, its past stays.
    expect((await t.http.delete(`/api/cards/${ids.cards.get('E')}`).set(owner.auth)).status).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  /** The imported board's list ids by title and card ids by title. */
  async function idsOf(board: string) {
    const read = await t.http.get(`/api/boards/${board}`).set(owner.auth);
    const lists = new Map<string, string>();
    const cards = new Map<string, string>();
    for (const list of read.body.lists as {
      _id: string;
      title: string;
      cards: { _id: string; title: string }[];
    }[]) {
      lists.set(list.title, list._id);
      for (const card of list.cards) cards.set(card.title, card._id);
    }
    return { lists, cards };
  }

  const insights = (board: string, query: string, user = owner) =>
    t.http.get(`/api/boards/${board}/insights?${query}`).set(user.auth);

  /** The CFD as rows of [Backlog, Doing, Review, Done] counts. */
  const cfdRows = (body: Insights) =>
    body.cfd.map((day) => [day.date, ...body.lists.map((list) => day.counts[list._id])]);

  it('computes every figure of the range in Asia/Jakarta exactly as worked out by hand', async () => {
    const res = await insights(boardId, 'from=2026-03-01&to=2026-03-10&tz=Asia/Jakarta');
    expect(res.status).toBe(200);
    const body = res.body as Insights;
    expect(body).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-10',
      tz: 'Asia/Jakarta',
      defaultStages: false,
    });
    expect(body.lists.map((l) => [l.title, l.stage])).toEqual([
      ['Backlog', 'backlog'],
      ['Doing', 'active'],
      ['Review', 'active'],
      ['Done', 'done'],
    ]);
    expect(cfdRows(body)).toEqual([
      ['2026-03-01', 3, 1, 0, 0],
      ['2026-03-02', 2, 3, 0, 0],
      ['2026-03-03', 1, 4, 0, 0],
      ['2026-03-04', 1, 3, 0, 1],
      ['2026-03-05', 1, 2, 0, 2],
      ['2026-03-06', 0, 2, 0, 3],
      ['2026-03-07', 0, 1, 0, 4],
      ['2026-03-08', 0, 1, 0, 3],
      ['2026-03-09', 0, 1, 1, 3],
      ['2026-03-10', 0, 1, 1, 3],
    ]);
    // B's finish at 00:30 in Jakarta is the 6th; C's first entry into Done left it the same day.
    expect(body.throughput.filter((d) => d.count).map((d) => [d.date, d.count])).toEqual([
      ['2026-03-04', 1],
      ['2026-03-05', 1],
      ['2026-03-06', 1],
      ['2026-03-07', 1],
    ]);
    expect(body.leadTime).toEqual({ n: 4, p50: 3.73, p85: 6, p95: 6 });
    expect(body.cycleTime).toEqual({ n: 4, p50: 2.73, p85: 6, p95: 6 });
    expect(body.finished.map((f) => [f.title, f.leadDays, f.cycleDays])).toEqual([
      ['A', 3, 2],
      [null, 4, 3],
      ['B', 3.73, 2.73],
      ['C', 6, 6],
    ]);
    // Stays that ended in the range by a move: Backlog 0.5, 1, 1, 1, 5; Doing 2, 2, 2.73, 3, 3.5;
    // Done C's half day (D's stay ended by its delete, not counted).
    expect(body.timeInList.map((s) => [s.p50, s.p85])).toEqual([
      [1, 5],
      [2.73, 3.5],
      [null, null],
      [0.5, 0.5],
    ]);
    expect(body.wip.map((w) => [w.count, w.limit])).toEqual([
      [0, null],
      [0, null],
      [1, null],
      [3, null],
    ]);
    expect(body.aging).toHaveLength(1);
    expect(body.aging[0]).toMatchObject({
      cardId: ids.cards.get('F'),
      title: 'F',
      listId: ids.lists.get('Review'),
    });
    const expectedAge = (Date.now() - Date.parse(at('09T12:00'))) / 86_400_000;
    expect(Math.abs(body.aging[0].ageDays - expectedAge)).toBeLessThan(0.02);
  });

  it('counts calendar days in UTC when no zone is given: the move near midnight falls a day earlier', async () => {
    const body = (await insights(boardId, 'from=2026-03-05&to=2026-03-06')).body as Insights;
    expect(body.tz).toBe('UTC');
    expect(body.throughput).toEqual([
      { date: '2026-03-05', count: 2 },
      { date: '2026-03-06', count: 0 },
    ]);
    // E entered Doing at 00:00Z on the 6th, exactly the 5th's end: it still stood in Backlog then.
    expect(cfdRows(body)).toEqual([
      ['2026-03-05', 1, 1, 0, 3],
      ['2026-03-06', 0, 2, 0, 3],
    ]);
  });

  it("names each list's WIP limit beside its count", async () => {
    const review = ids.lists.get('Review')!;
    await t.http.put(`/api/lists/${review}`).set(owner.auth).send({ wipLimit: 2 }).expect(200);
    const body = (await insights(boardId, '')).body as Insights;
    expect(body.wip.find((w) => w.listId === review)).toEqual({ listId: review, count: 1, limit: 2 });
    await t.http.put(`/api/lists/${review}`).set(owner.auth).send({ wipLimit: null }).expect(200);
  });

  it('defaults to the last 30 days and refuses bad dates, ranges and zones with 400', async () => {
    const body = (await insights(boardId, '')).body as Insights;
    expect(body.cfd).toHaveLength(30);
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
    for (const query of [
      'from=2026-02-30',
      'from=2026-3-1',
      'to=yesterday',
      'from=2026-03-10&to=2026-03-01',
      'from=2025-01-01&to=2026-01-02',
      'tz=Mars/Olympus',
      'tz=../../etc/passwd',
      `tz=${'A'.repeat(100)}`,
      'from=2026-03-01&from=2026-03-02',
    ]) {
      const res = await insights(boardId, query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('answers a card’s history oldest first, its list titles, and an open last stay', async () => {
    const res = await t.http.get(`/api/cards/${ids.cards.get('C')}/history`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.history.map((h: { listTitle: string }) => h.listTitle)).toEqual([
      'Doing',
      'Done',
      'Doing',
      'Done',
    ]);
    expect(res.body.history[3]).toEqual({
      listId: ids.lists.get('Done'),
      listTitle: 'Done',
      enteredAt: at('07T00:00'),
      leftAt: null,
    });
  });

  it('lets a boards:read token read insights and refuses people who are not members with 403', async () => {
    const token = await createToken(t, owner, { scopes: ['boards:read'] });
    expect((await t.http.get(`/api/boards/${boardId}/insights`).set(token.auth)).status).toBe(200);
    const stranger = await createUser(t, { name: 'Stranger' });
    expect((await insights(boardId, '', stranger)).status).toBe(403);
    expect((await t.http.get(`/api/cards/${ids.cards.get('A')}/history`).set(stranger.auth)).status).toBe(
      403,
    );
  });

  it('carries the history through a Papan export and its import: the figures stay the same', async () => {
    const exported = await exportBoard(t, owner, boardId, 'json');
    const doc = JSON.parse(exported.body.toString()) as PapanExport;
    expect(doc.history).toHaveLength(stays.length);
    expect(doc.lists.map((l) => l.stage)).toEqual(['backlog', 'active', 'active', 'done']);
    const copy = await importFile(t, owner, exported.body);
    expect(copy.status).toBe(201);
    const query = 'from=2026-03-01&to=2026-03-10&tz=Asia/Jakarta';
    const [before, after] = [
      (await insights(boardId, query)).body,
      (await insights(copy.body._id, query)).body,
    ];
    const withoutIds = (body: Insights) => ({
      cfd: cfdRows(body),
      throughput: body.throughput,
      leadTime: body.leadTime,
      cycleTime: body.cycleTime,
      timeInList: body.timeInList.map((s) => [s.p50, s.p85]),
    });
    expect(withoutIds(after)).toEqual(withoutIds(before));
  });

  it('builds the history of a Trello import from its createCard and list-changing updateCard actions', async () => {
    const trello = JSON.parse(trelloFixture().toString()) as {
      lists: { id: string; name: string; closed: boolean }[];
      cards: { id: string; name: string; idList: string; closed: boolean }[];
      actions: { type: string; date: string; data: { card: { id: string }; list?: { id: string } } }[];
    };
    const created = trello.actions.find((a) => a.type === 'createCard')!;
    const card = trello.cards.find((c) => c.id === created.data.card.id)!;
    const to = trello.lists.find((l) => !l.closed && l.id !== created.data.list!.id)!;
    card.idList = to.id;
    card.closed = false;
    const movedAt = '2024-01-03T10:00:00.000Z';
    trello.actions.unshift({
      type: 'updateCard',
      date: movedAt,
      data: { card: { id: card.id }, listBefore: { id: created.data.list!.id }, listAfter: { id: to.id } },
    } as (typeof trello.actions)[number]);
    const res = await importFile(t, owner, Buffer.from(JSON.stringify(trello)));
    expect(res.status).toBe(201);
    const imported = await t.http.get(`/api/boards/${res.body._id}`).set(owner.auth);
    const id = (imported.body.lists as { cards: { _id: string; title: string }[] }[])
      .flatMap((l) => l.cards)
      .find((c) => c.title === card.name)!._id;
    const history = (await t.http.get(`/api/cards/${id}/history`).set(owner.auth)).body.history;
    expect(history).toEqual([
      { listId: expect.any(String), listTitle: 'To do', enteredAt: created.date, leftAt: movedAt },
      { listId: expect.any(String), listTitle: to.name, enteredAt: movedAt, leftAt: null },
    ]);
  });
});

describe('card history written by every change', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
  }, 60_000);
  afterAll(() => t.close());

  async function board() {
    const { _id } = await createBoard(t, owner, 'Flow');
    const lists = [];
    for (const title of ['To do', 'Doing', 'Done'])
      lists.push(
        (await t.http.post(`/api/boards/${_id}/lists`).set(owner.auth).send({ title })).body._id as string,
      );
    return { boardId: _id, lists };
  }
  const history = async (cardId: string) =>
    (await t.http.get(`/api/cards/${cardId}/history`).set(owner.auth)).body.history as {
      listTitle: string | null;
      leftAt: string | null;
    }[];
  const move = (boardId: string, cardId: string, from: string, to: string) =>
    t.http
      .post('/api/dnd/card')
      .set(owner.auth)
      .send({ boardId, sourceList: { _id: from, cards: [] }, destList: { _id: to, cards: [cardId] } });

  it('a card moved now is in its history and in today’s throughput (default stages: the last list is done)', async () => {
    const { boardId, lists } = await board();
    const card = (await t.http.post(`/api/lists/${lists[0]}/cards`).set(owner.auth).send({ title: 'Ship' }))
      .body._id;
    expect((await move(boardId, card, lists[0], lists[2])).status).toBe(200);
    const stays = await history(card);
    expect(stays.map((s) => [s.listTitle, s.leftAt === null])).toEqual([
      ['To do', false],
      ['Done', true],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const body = (await t.http.get(`/api/boards/${boardId}/insights`).set(owner.auth)).body as Insights;
    expect(body.defaultStages).toBe(true);
    expect(body.lists.map((l) => l.stage)).toEqual(['backlog', 'active', 'done']);
    expect(body.throughput.find((d) => d.date === today)).toEqual({ date: today, count: 1 });
    expect(body.leadTime.n).toBe(1);
  });

  it('a list’s own stage replaces the default rule, and the event carries it', async () => {
    const { boardId, lists } = await board();
    const res = await t.http.put(`/api/lists/${lists[1]}`).set(owner.auth).send({ stage: 'done' });
    expect(res.status).toBe(200);
    expect(res.body.stage).toBe('done');
    expect(res.body.title).toBe('Doing');
    const body = (await t.http.get(`/api/boards/${boardId}/insights`).set(owner.auth)).body as Insights;
    expect(body.defaultStages).toBe(false);
    expect(body.lists.map((l) => l.stage)).toEqual([null, 'done', null]);
    // Each list's revision, which the stage picker sends as If-Match (docs/api.md, "Revisions").
    expect(body.lists.map((l) => l.revision)).toEqual([1, 2, 1]);
    const stale = await t.http
      .put(`/api/lists/${lists[1]}`)
      .set(owner.auth)
      .set('If-Match', '1')
      .send({ stage: 'active' });
    expect(stale.status).toBe(412);
    const read = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
    expect(read.body.lists.map((l: { stage: string | null }) => l.stage)).toEqual([null, 'done', null]);
    for (const body of [{ stage: 'finished' }, { stage: 3 }, {}, { title: '' }])
      expect((await t.http.put(`/api/lists/${lists[1]}`).set(owner.auth).send(body)).status).toBe(400);
  });

  it('a copy opens its own stay, a delete closes it, an undo opens a new one, a list delete closes its cards’', async () => {
    const { boardId, lists } = await board();
    const card = (await t.http.post(`/api/lists/${lists[0]}/cards`).set(owner.auth).send({ title: 'One' }))
      .body._id;
    const copy = (await t.http.post(`/api/cards/${card}/copy`).set(owner.auth).send({})).body;
    expect((await history(copy._id)).map((s) => s.leftAt)).toEqual([null]);
    const deleted = await t.http.delete(`/api/cards/${card}`).set(owner.auth);
    expect((await t.http.get(`/api/cards/${card}/history`).set(owner.auth)).status).toBe(404);
    expect((await t.http.post(`/api/undo/${deleted.body.undoToken}`).set(owner.auth)).status).toBe(200);
    expect((await history(card)).map((s) => s.leftAt === null)).toEqual([false, true]);
    expect((await t.http.delete(`/api/lists/${lists[0]}`).set(owner.auth)).status).toBe(200);
    const open = await t.db
      .select({ id: cardHistory.id })
      .from(cardHistory)
      .where(and(eq(cardHistory.boardId, boardId), isNull(cardHistory.leftAt)));
    expect(open).toEqual([]);
  });
});
