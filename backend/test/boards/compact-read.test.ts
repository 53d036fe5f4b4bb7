import { compactContent, type BoardDetail, type CompactBoardDetail } from '@papan/shared';
import { seedBoardWorld } from '../helpers/board-world';
import { castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** ARCHITECTURE §10.1: `GET /api/boards/{id}?view=compact`, the browser's leaner form of the board. */
describe('the compact board read', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
  });
  afterAll(() => t.close());

  const read = (boardId: string, query = '', headers: Record<string, string> = {}) =>
    t.http.get(`/api/boards/${boardId}${query}`).set(cast.member.auth).set(headers);

  it('is the same board: labels by id, checklists as progress, no ids its place already says', async () => {
    const ids = await seedBoardWorld(t, cast.owner, [cast.member]);
    const full = (await read(ids.boardId)).body as BoardDetail;
    const res = await read(ids.boardId, '?view=compact');
    expect(res.status).toBe(200);
    const compact = res.body as CompactBoardDetail;

    const { labels: _l, lists: _s, ...head } = full;
    expect(compact).toEqual({ ...head, ...compactContent(full) });
    const card = compact.lists.flatMap((l) => l.cards).find((c) => c._id === ids.cardId)!;
    const fullCard = full.lists.flatMap((l) => l.cards).find((c) => c._id === ids.cardId)!;
    expect(card.labels).toEqual(fullCard.labels.map((l) => l._id));
    expect(card.checklists).toEqual(
      fullCard.checklists.map((c) => ({
        _id: c._id,
        title: c.title,
        total: c.items.length,
        done: c.items.filter((i) => i.isCompleted).length,
      })),
    );
    expect(card).not.toHaveProperty('boardId');
    expect(card).not.toHaveProperty('listId');
    expect(compact.lists[0]).not.toHaveProperty('boardId');
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length);
  });

  it('has its own ETag and answers 304 to it', async () => {
    const ids = await seedBoardWorld(t, cast.owner, [cast.member]);
    const full = await read(ids.boardId);
    const compact = await read(ids.boardId, '?view=compact');
    expect(compact.headers.etag).not.toBe(full.headers.etag);
    expect((await read(ids.boardId, '?view=compact', { 'If-None-Match': compact.headers.etag })).status).toBe(
      304,
    );
    expect((await read(ids.boardId, '?view=compact', { 'If-None-Match': full.headers.etag })).status).toBe(
      200,
    );
    expect((await read(ids.boardId, '?view=full', { 'If-None-Match': full.headers.etag })).status).toBe(304);
  });

  it('follows changes like the full read', async () => {
    const ids = await seedBoardWorld(t, cast.owner, [cast.member]);
    await read(ids.boardId, '?view=compact');
    await t.http.put(`/api/cards/${ids.cardId}`).set(cast.owner.auth).send({ title: 'Renamed' });
    const after = (await read(ids.boardId, '?view=compact')).body as CompactBoardDetail;
    expect(after.lists.flatMap((l) => l.cards).find((c) => c._id === ids.cardId)?.title).toBe('Renamed');
  });

  it('refuses an unknown view with 400 and keeps the board to its members', async () => {
    const ids = await seedBoardWorld(t, cast.owner, [cast.member]);
    for (const query of ['?view=tiny', '?view=', '?view=COMPACT'])
      expect([query, (await read(ids.boardId, query)).status]).toEqual([query, 400]);
    const stranger = await t.http.get(`/api/boards/${ids.boardId}?view=compact`).set(cast.stranger.auth);
    expect(stranger.status).toBe(403);
  });
});
