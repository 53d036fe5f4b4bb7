import type { BoardEvent, BoardEventOf, BoardEventsPage } from '@papan/shared';
import { sql } from 'drizzle-orm';
import { boardEvents } from '../../src/database/schema';
import { BoardEventsPurger } from '../../src/modules/board-events/board-events.purger';
import { EVENTS_GONE } from '../../src/modules/board-events/board-events.service';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { bumpVersion, seedList } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The board event log and GET /api/boards/{id}/events (docs/api.md). */
describe('the board event log', () => {
  let t: TestApp;
  let url: string;
  let cast: Cast;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ eventLog: { min: 2, retentionDays: 30 } });
    url = await listen(t);
    cast = await castOf(t);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  const page = async (boardId: string, query: string, who = cast.member) => {
    const res = await t.http.get(`/api/boards/${boardId}/events${query}`).set(who.auth);
    return res as unknown as {
      status: number;
      body: BoardEventsPage & { message?: string; version: number };
    };
  };
  const versionOf = async (boardId: string) =>
    (await t.http.get(`/api/boards/${boardId}`).set(cast.owner.auth)).body.version as number;

  /** A board with a list and a card, changed a few ways; answers the events its sockets got. */
  async function busyBoard(): Promise<{ boardId: string; start: number; live: BoardEvent[] }> {
    const { _id: boardId } = await castBoard(t, cast);
    const start = await versionOf(boardId);
    const socket = await connect(url, cast.member.token);
    sockets.push(socket);
    expect((await joinBoard(socket, boardId)).ok).toBe(true);
    const log = new EventLog(socket);
    const h = cast.owner.auth;
    const list = (await t.http.post(`/api/boards/${boardId}/lists`).set(h).send({ title: 'L' })).body;
    const other = (await t.http.post(`/api/boards/${boardId}/lists`).set(h).send({ title: 'M' })).body;
    const card = (await t.http.post(`/api/lists/${list._id}/cards`).set(h).send({ title: 'C' })).body;
    await t.http.put(`/api/cards/${card._id}`).set(h).send({ description: 'Details' });
    await t.http.put(`/api/boards/${boardId}/dnd`).set(h).send({
      type: 'card',
      cardId: card._id,
      sourceListId: list._id,
      destListId: other._id,
      newPosition: 0,
    });
    await t.http.post(`/api/cards/${card._id}/comments`).set(h).send({ text: 'Looks good' });
    await log.waitFor((e) => e.type === 'comment.created');
    return { boardId, start, live: log.events };
  }

  it('holds exactly the events the socket carried, gap-free and in order', async () => {
    const { boardId, start, live } = await busyBoard();
    const res = await page(boardId, `?after=${start}`);
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual(live);
    expect(res.body.events.map((e) => e.version)).toEqual(live.map((_, i) => start + 1 + i));
    expect(res.body).toMatchObject({ version: start + live.length, hasMore: false });
    expect(live.every((e) => typeof e.occurredAt === 'string')).toBe(true);
  });

  it('pages with limit and hasMore, and answers nothing at or past the current version', async () => {
    const { boardId, start, live } = await busyBoard();
    const first = await page(boardId, `?after=${start}&limit=2`);
    expect(first.body.events.map((e) => e.version)).toEqual([start + 1, start + 2]);
    expect(first.body.hasMore).toBe(true);
    const rest = await page(boardId, `?after=${start + 2}&limit=1000`);
    expect(rest.body.events).toEqual(live.slice(2));
    expect(rest.body.hasMore).toBe(false);
    const now = start + live.length;
    for (const after of [now, now + 50])
      expect((await page(boardId, `?after=${after}`)).body).toEqual({
        version: now,
        events: [],
        hasMore: false,
      });
  });

  it('answers 410 with the current version when the events after `after` are no longer kept', async () => {
    const { boardId, start, live } = await busyBoard();
    const now = start + live.length;
    // Old enough to go, except the last EVENT_LOG_MIN (2) of the board.
    await t.db.update(boardEvents).set({ occurredAt: sql`now() - interval '40 days'` });
    expect(await t.app.get(BoardEventsPurger).purge()).toBeGreaterThan(0);
    const gone = await page(boardId, `?after=${start}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ statusCode: 410, error: 'Gone', message: EVENTS_GONE, version: now });
    const kept = await page(boardId, `?after=${now - 2}`);
    expect(kept.body.events.map((e) => e.version)).toEqual([now - 1, now]);
  });

  it('answers 410 for versions from before the log (a board changed outside it)', async () => {
    const { _id: boardId } = await castBoard(t, cast);
    await seedList(t, boardId, 'Seeded', 1024);
    await bumpVersion(t, boardId);
    const res = await page(boardId, '?after=0');
    expect(res.status).toBe(410);
    expect(res.body.version).toBe(await versionOf(boardId));
  });

  it('logs nothing for a refused change', async () => {
    const { boardId, start, live } = await busyBoard();
    const now = start + live.length;
    const moved = live.find((e): e is BoardEventOf<'card.moved'> => e.type === 'card.moved')!.payload;
    // The card has left this list: a stale drag, refused with 409.
    const stale = await t.http.put(`/api/boards/${boardId}/dnd`).set(cast.owner.auth).send({
      type: 'card',
      cardId: moved.cardId!,
      sourceListId: moved.fromListId!,
      destListId: moved.fromListId!,
      newPosition: 0,
    });
    expect(stale.status).toBe(409);
    expect((await page(boardId, `?after=${now}`)).body.events).toEqual([]);
    expect(await versionOf(boardId)).toBe(now);
  });

  it('leaves out comments by someone who blocked the reader, as the socket does', async () => {
    const { boardId, start } = await busyBoard();
    await t.http.post('/api/users/block').set(cast.owner.auth).send({ userIdToBlock: cast.member._id });
    const events = (await page(boardId, `?after=${start}`)).body.events;
    expect(events.some((e) => e.type === 'comment.created')).toBe(false);
    expect(events.some((e) => e.type === 'card.created')).toBe(true);
    const owners = (await page(boardId, `?after=${start}`, cast.owner)).body.events;
    expect(owners.some((e) => e.type === 'comment.created')).toBe(true);
    await t.http.post('/api/users/unblock').set(cast.owner.auth).send({ userIdToUnblock: cast.member._id });
  });

  it('refuses bad queries with 400 and keeps the board to its members', async () => {
    const { _id: boardId } = await castBoard(t, cast);
    for (const query of [
      '',
      '?after=',
      '?after=-1',
      '?after=1.5',
      '?after=abc',
      '?after=1e400',
      '?after=0&limit=0',
      '?after=0&limit=1001',
      '?after=0&limit=x',
      `?after=${'9'.repeat(400)}`,
    ])
      expect([query, (await page(boardId, query)).status]).toEqual([query, 400]);
    expect((await page(boardId, '?after=0', cast.stranger)).status).toBe(403);
    expect((await page('00000000-0000-4000-8000-000000000000', '?after=0')).status).toBe(404);
    expect((await page('not-a-board', '?after=0')).status).toBe(400);
  });
});
