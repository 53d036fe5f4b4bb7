import type { Activity, BoardDetail } from '@papan/shared';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';
const LINK = 'javascript:alert(3)';
const ALL = `${IMG} ${SCRIPT} [click](${LINK}) <a href="${LINK}">x</a>`;

/** Activity HTML may carry our own <strong> markup and nothing else. */
const markupOutsideStrong = (html: string) => html.replace(/<\/?strong>/g, '').match(/[<>]/g) ?? [];

describe('hostile markup is stored as text and escaped in activity HTML', () => {
  let t: TestApp;
  let owner: TestUser;
  let boardId: string;
  let cardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: `Mallory ${IMG}` });
    const api = (method: 'post' | 'put', path: string, body: object) =>
      t.http[method](path)
        .set(owner.auth)
        .send(body)
        .expect((r) => {
          if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
        });

    boardId = (await api('post', '/api/boards', { title: `${IMG}`, description: ALL })).body._id;
    await api('put', `/api/boards/${boardId}`, { title: `${SCRIPT}` });
    const list = (await api('post', `/api/boards/${boardId}/lists`, { title: IMG })).body;
    const other = (await api('post', `/api/boards/${boardId}/lists`, { title: SCRIPT })).body;
    await api('put', `/api/lists/${list._id}`, { title: `${IMG}!` });
    cardId = (await api('post', `/api/lists/${list._id}/cards`, { title: IMG, description: ALL })).body._id;
    await api('put', `/api/cards/${cardId}`, { title: SCRIPT, description: `${ALL} edited` });
    await api('post', `/api/cards/${cardId}/comments`, { text: ALL });
    const label = (
      await api('post', `/api/boards/${boardId}/labels`, { name: IMG.slice(0, 20), color: '#f00' })
    ).body;
    await api('post', `/api/cards/${cardId}/labels`, { labelId: label._id });
    const checklist = (await api('post', `/api/cards/${cardId}/checklists`, { title: IMG })).body;
    await api('post', `/api/checklists/${checklist._id}/items`, { text: SCRIPT });
    await api('put', `/api/boards/${boardId}/dnd`, {
      type: 'card',
      cardId,
      sourceListId: list._id,
      destListId: other._id,
      newPosition: 0,
    });
  });
  afterAll(() => t.close());

  it('answers JSON only, with the text exactly as sent', async () => {
    const res = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const board = res.body as BoardDetail;
    expect(board.title).toBe(SCRIPT);
    expect(board.description).toBe(ALL);
    const card = board.lists.flatMap((l) => l.cards).find((c) => c._id === cardId)!;
    expect(card).toMatchObject({ title: SCRIPT, description: `${ALL} edited` });
    expect(card.labels.map((l) => l.name)).toEqual([IMG.slice(0, 20)]);
    expect(card.checklists[0]).toMatchObject({ title: IMG, items: [{ text: SCRIPT }] });
    expect(board.lists.map((l) => l.title).sort()).toEqual([`${IMG}!`, SCRIPT].sort());
    const comments = await t.http.get(`/api/cards/${cardId}/comments`).set(owner.auth);
    expect(comments.body.map((c: { text: string }) => c.text)).toEqual([ALL]);
    const me = await t.http.get('/api/auth/me').set(owner.auth);
    expect(me.body.name).toBe(`Mallory ${IMG}`);
  });

  it.each([
    ['the board feed', () => `/api/boards/${boardId}/activities`],
    ["the user's feed", () => '/api/activities'],
  ])('escapes every user text in %s, keeping only <strong>', async (_feed, path) => {
    const feed = (await t.http.get(path()).set(owner.auth)).body as Activity[];
    expect(feed.length).toBeGreaterThanOrEqual(8);
    for (const a of feed)
      expect({ description: a.description, raw: markupOutsideStrong(a.description) }).toMatchObject({
        raw: [],
      });
    const all = feed.map((a) => a.description).join('\n');
    expect(all).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(all).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    // The actor's name is a separate text field, never part of the HTML.
    expect(feed[0].userId?.name).toBe(`Mallory ${IMG}`);
  });

  it('refuses a javascript: link as a social link (only http and https are links)', async () => {
    const res = await t.http
      .put('/api/users/profile')
      .set(owner.auth)
      .field('socialLinks', JSON.stringify({ website: LINK }));
    expect(res.status).toBe(400);
    const spaced = await t.http
      .put('/api/users/profile')
      .set(owner.auth)
      .field('socialLinks', JSON.stringify({ github: ` JaVaScRiPt:alert(1)` }));
    expect(spaced.status).toBe(400);
  });
});
