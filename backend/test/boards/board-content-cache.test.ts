import { eq, sql } from 'drizzle-orm';
import type { BoardDetail } from '@papan/shared';
import { boards, cards } from '../../src/database/schema';
import { BoardAccessCache } from '../../src/modules/board-access/board-access.cache';
import { castBoard } from '../helpers/cast';
import { createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { settleBackgroundWork, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The board read keeps each board's serialised content per version (BoardContentCache): a read at an
 * unchanged version does not touch the content tables, and no read ever sees content older than the
 * version it is answered with — whichever instance made the change.
 */
describe('board content cache', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let boardId: string;
  let listId: string;
  let cardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Member' });
    boardId = (await castBoard(t, { owner, member }, 'Cached'))._id;
    listId = (await seedList(t, boardId, 'To Do', 1024)).id;
    cardId = (await seedCard(t, boardId, listId, 'First', 1024)).id;
  });
  afterAll(() => t.close());

  async function read(user: TestUser) {
    // The guard refreshes a session's lastUsed at most once a minute; let that happen outside the count.
    await t.http.get('/api/auth/me').set(user.auth);
    await settleBackgroundWork();
    const before = t.counter.count;
    const res = await t.http.get(`/api/boards/${boardId}`).set(user.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return { statements: t.counter.count - before, board: res.body as BoardDetail };
  }

  const titles = (board: BoardDetail) => board.lists.flatMap((l) => l.cards.map((c) => c.title));

  it('reads the content once per version and answers each member their own pin', async () => {
    const first = await read(owner);
    const again = await read(owner);
    expect(again.board).toEqual(first.board);
    // Only the summary remains (the membership and version come from BoardAccessCache).
    expect(again.statements).toBeLessThan(first.statements);
    expect(first.statements - again.statements).toBeGreaterThanOrEqual(6);

    await t.http.put(`/api/boards/${boardId}/toggle-pin`).set(member.auth).expect(200);
    const ofMember = await read(member);
    // The content is not read again; the member's own access is, as their pin changed (BoardAccessCache).
    expect(ofMember.statements).toBe(again.statements + 1);
    expect(ofMember.board).toEqual({ ...first.board, isPinned: true });
    expect((await read(owner)).board.isPinned).toBe(false);
  });

  it('shows a change made through the API at once, with the new version', async () => {
    const before = (await read(owner)).board;
    await t.http.put(`/api/cards/${cardId}`).set(member.auth).send({ title: 'Renamed' }).expect(200);
    const after = (await read(owner)).board;
    expect(after.version).toBeGreaterThan(before.version);
    expect(titles(after)).toEqual(['Renamed']);
  });

  it('never answers older content for a newer version committed elsewhere (another instance)', async () => {
    const cached = (await read(owner)).board;
    // What another instance's change looks like from here: new content and a bumped version, and
    // that instance's word of the new version (InstanceRelay hands it to BoardAccessCache).
    await t.db.transaction(async (tx) => {
      await tx.update(cards).set({ title: 'Changed elsewhere' }).where(eq(cards.id, cardId));
      await tx
        .update(boards)
        .set({ version: sql`${boards.version} + 1` })
        .where(eq(boards.id, boardId));
    });
    t.app.get(BoardAccessCache).boardChanged(boardId, cached.version + 1, 'card.updated');
    const fresh = (await read(member)).board;
    expect(fresh.version).toBe(cached.version + 1);
    expect(titles(fresh)).toEqual(['Changed elsewhere']);
  });

  it('lets concurrent readers of a new version share one read of the content', async () => {
    await t.http.put(`/api/cards/${cardId}`).set(owner.auth).send({ title: 'Shared' }).expect(200);
    await settleBackgroundWork();
    const before = t.counter.count;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.http.get(`/api/boards/${boardId}`).set(member.auth)),
    );
    const statements = t.counter.count - before;
    for (const res of answers) expect(titles(res.body as BoardDetail)).toEqual(['Shared']);
    // 5 × (session, membership, summary) and one content read of 7 statements, not 5 of them.
    expect(statements).toBeLessThan(5 * 7);
  });
});
