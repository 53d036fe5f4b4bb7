import {
  applyEvent,
  compactContent,
  type BoardDetail,
  type BoardEventsPage,
  type CompactBoardDetail,
} from '@papan/shared';
import { seedBoardWorld } from '../helpers/board-world';
import { castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** `GET /api/boards/{id}?view=compact` (docs/api.md), the browser's leaner form of the board. */
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
        revision: c.revision,
        total: c.items.length,
        done: c.items.filter((i) => i.isCompleted).length,
      })),
    );
    expect(card).not.toHaveProperty('boardId');
    expect(card).not.toHaveProperty('listId');
    // Its times, as the full read's: the table view shows and sorts by them (docs/fields.md).
    expect([card.createdAt, card.updatedAt]).toEqual([fullCard.createdAt, fullCard.updatedAt]);
    // No custom field values: the card holds none.
    expect(card).not.toHaveProperty('fields');
    expect(compact.lists[0]).not.toHaveProperty('boardId');
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length);
  });

  it('keeps every character of titles and descriptions, as JSON written by the database', async () => {
    const ids = await seedBoardWorld(t, cast.owner, [cast.member]);
    const h = cast.owner.auth;
    const hostile = 'Quote " back\\slash\ttab\nline \u0001ctl \u2028sep </script> ü 漢字 😀 {"x":1}';
    await t.http
      .put(`/api/lists/${ids.listId}`)
      .set(h)
      .send({ title: `L ${hostile}` })
      .expect(200);
    await t.http
      .put(`/api/cards/${ids.cardId}`)
      .set(h)
      .send({ title: `C ${hostile}`, description: `D ${hostile}`, dueAt: '2030-01-02T03:04:05.678Z' })
      .expect(200);
    await t.http
      .post(`/api/cards/${ids.cardId}/checklists`)
      .set(h)
      .send({ title: `K ${hostile}` })
      .expect(201);
    const full = (await read(ids.boardId)).body as BoardDetail;
    const res = await read(ids.boardId, '?view=compact');
    const compact = res.body as CompactBoardDetail;
    const { labels: _l, lists: _s, ...head } = full;
    expect(compact).toEqual({ ...head, ...compactContent(full) });
    const card = compact.lists.flatMap((l) => l.cards).find((c) => c._id === ids.cardId)!;
    expect(card).toMatchObject({
      title: `C ${hostile}`,
      description: `D ${hostile}`,
      dueAt: '2030-01-02T03:04:05.678Z',
    });
    expect(card.checklists.map((c) => c.title)).toContain(`K ${hostile}`);
    expect(compact.lists.find((l) => l._id === ids.listId)?.title).toBe(`L ${hostile}`);
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

  it('is what the events since an earlier compact read make of it, applied with the shared applyEvent', async () => {
    const ids = await seedBoardWorld(t, cast.owner, [cast.member]);
    const start = (await read(ids.boardId, '?view=compact')).body as CompactBoardDetail;
    const h = cast.member.auth;
    const send = async (method: 'post' | 'put' | 'delete', path: string, body?: object) => {
      const res = await t.http[method](path).set(h).send(body);
      expect([path, res.status < 300]).toEqual([path, true]);
      return res.body as { _id: string };
    };
    const label = await send('post', `/api/boards/${ids.boardId}/labels`, { name: 'Blue', color: '#1d4ed8' });
    await send('post', `/api/cards/${ids.otherCardId}/labels`, { labelId: label._id });
    await send('put', `/api/labels/${label._id}`, { name: 'Navy' });
    await send('delete', `/api/cards/${ids.cardId}/labels/${ids.labelId}`);
    const checklist = await send('post', `/api/cards/${ids.otherCardId}/checklists`, { title: 'Ship' });
    const item = await send('post', `/api/checklists/${checklist._id}/items`, { text: 'Build' });
    await send('post', `/api/checklists/${checklist._id}/items`, { text: 'Test' });
    await send('put', `/api/checklists/${checklist._id}/items/${item._id}`, { isCompleted: true });
    await send('put', `/api/checklists/${ids.checklistId}/items/${ids.itemId}`, { isCompleted: true });
    await send('delete', `/api/checklists/${ids.checklistId}/items/${ids.itemId}`);
    const card = await send('post', `/api/lists/${ids.listId}/cards`, { title: 'New' });
    await send('post', `/api/cards/${ids.otherCardId}/copy`);
    await send('put', `/api/boards/${ids.boardId}/dnd`, {
      type: 'card',
      cardId: card._id,
      sourceListId: ids.listId,
      destListId: ids.otherListId,
      newPosition: 0,
    });
    await send('put', `/api/cards/${ids.cardId}`, { description: 'Now with details' });
    await send('put', `/api/lists/${ids.otherListId}`, { title: 'Shipped' });
    await send('delete', `/api/labels/${label._id}`);

    const events = (await t.http.get(`/api/boards/${ids.boardId}/events?after=${start.version}`).set(h))
      .body as BoardEventsPage;
    const replayed = structuredClone(start);
    for (const event of events.events) {
      expect([event.type, applyEvent(replayed, event)]).toEqual([event.type, true]);
      replayed.version = event.version;
    }
    const after = (await read(ids.boardId, '?view=compact')).body as CompactBoardDetail;
    expect(events.version).toBe(after.version);
    // Every change moves the board's updatedAt with its version; no event carries it, no screen shows it.
    expect({ ...replayed, updatedAt: after.updatedAt }).toEqual(after);
  });

  it('refuses an unknown view with 400 and keeps the board to its members', async () => {
    const ids = await seedBoardWorld(t, cast.owner, [cast.member]);
    for (const query of ['?view=tiny', '?view=', '?view=COMPACT'])
      expect([query, (await read(ids.boardId, query)).status]).toEqual([query, 400]);
    const stranger = await t.http.get(`/api/boards/${ids.boardId}?view=compact`).set(cast.stranger.auth);
    expect(stranger.status).toBe(403);
  });
});
