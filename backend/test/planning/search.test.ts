import type { SearchResults } from '@papan/shared';
import { sql } from 'drizzle-orm';
import { prefixQuery } from '../../src/modules/search/search.service';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { createBoard, seedCard, seedList } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('search (docs/api.md, "Search")', () => {
  let t: TestApp;
  let cast: Cast;
  let boardId: string;
  let otherBoardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    boardId = (await castBoard(t, cast, 'Launch'))._id;
    const todo = await seedList(t, boardId, 'To do');
    await seedCard(t, boardId, todo.id, 'Write the release notes');
    await seedCard(t, boardId, todo.id, 'Merencanakan peluncuran produk');
    await seedCard(t, boardId, todo.id, 'Book the venue');
    otherBoardId = (await castBoard(t, cast, 'Hiring'))._id;
    const other = await seedList(t, otherBoardId, 'Pipeline');
    await seedCard(t, otherBoardId, other.id, 'Release the job ad');
    // A board the member is not on: its cards are never found for them.
    const strangers = await createBoard(t, cast.stranger, 'Secret');
    const hidden = await seedList(t, strangers._id, 'Hidden');
    await seedCard(t, strangers._id, hidden.id, 'Release the secret plan');
  });
  afterAll(() => t.close());

  const search = (q: unknown, who = cast.member) =>
    t.http
      .get('/api/search')
      .query(q === undefined ? {} : { q: q as string })
      .set(who.auth);

  it('finds cards by words across the caller’s boards only, with their list and board', async () => {
    const res = await search('release').expect(200);
    const found = (res.body as SearchResults).results;
    expect(found.map((r) => r.card.title).sort()).toEqual(['Release the job ad', 'Write the release notes']);
    expect(found.find((r) => r.card.title === 'Release the job ad')).toMatchObject({
      list: { title: 'Pipeline' },
      board: { _id: otherBoardId, title: 'Hiring' },
    });
  });

  it('finds English and Indonesian words by their stems, and words being typed by their start', async () => {
    expect((await search('releases').expect(200)).body.results).toHaveLength(2);
    const indonesian = (await search('rencana').expect(200)).body as SearchResults;
    expect(indonesian.results.map((r) => r.card.title)).toEqual(['Merencanakan peluncuran produk']);
    expect(
      (await search('venu').expect(200)).body.results.map((r: { card: { title: string } }) => r.card.title),
    ).toEqual(['Book the venue']);
  });

  it('keeps archived cards and boards out', async () => {
    await t.http.put(`/api/boards/${otherBoardId}/archive`).set(cast.owner.auth).expect(200);
    try {
      const res = await search('release').expect(200);
      expect((res.body as SearchResults).results.map((r) => r.board.title)).toEqual(['Launch']);
    } finally {
      await t.http.put(`/api/boards/${otherBoardId}/unarchive`).set(cast.owner.auth).expect(200);
    }
  });

  it('treats every character as text: operators and quotes change nothing, and find nothing odd', async () => {
    expect(prefixQuery("rel' & !notes | (x)")).toBe('rel:* & notes:* & x:*');
    expect(prefixQuery('  ')).toBeNull();
    expect((await search("release') | ('").expect(200)).body.results).toHaveLength(2);
    expect((await search('!!! ***').expect(200)).body.results).toEqual([]);
  });

  it.each([[undefined], [''], ['   '], ['x'.repeat(201)]])('answers 400 to q=%j', async (q) => {
    const res = await search(q).expect(400);
    expect(res.body.message).toMatch(/^q: /);
  });

  it('needs a sign-in (401)', async () => {
    await t.http.get('/api/search?q=release').expect(401);
  });

  it('looks the words up in the index, not by reading every card', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = prefixQuery('release')!;
      const rows = (await tx.execute(sql`
        explain select id from cards c
        where not c.is_archived and (to_tsvector('english', c.title || ' ' || c.description) || to_tsvector('indonesian', c.title || ' ' || c.description))
          @@ (to_tsquery('english', ${query}) || to_tsquery('indonesian', ${query}))`)) as unknown as {
        rows: Record<string, string>[];
      };
      return rows.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('cards_search_idx');
  });
});
