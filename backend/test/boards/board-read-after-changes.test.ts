import { compactContent, type BoardDetail, type CompactBoardDetail } from '@papan/shared';
import { BoardReadRepository } from '../../src/modules/boards/board-read.repository';
import { seedBoardWorld, type BoardIds } from '../helpers/board-world';
import { STEPS } from '../helpers/change-steps';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The board read right after a change (compact and full) reads again only the lists the change
 * touched, and its answer is the board as a whole read makes it (docs/decisions.md, "The board read
 * after a change").
 */
describe('the board read after a change', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let reads: BoardReadRepository;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Member' });
    reads = t.app.get(BoardReadRepository);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** The compact read, gzipped (its pieces joined) and plain: both must say the same. */
  const compact = async (boardId: string): Promise<CompactBoardDetail> => {
    const path = `/api/boards/${boardId}?view=compact`;
    const gzipped = await t.http.get(path).set(member.auth).set('Accept-Encoding', 'gzip');
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await t.http.get(path).set(member.auth).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.body).toEqual(plain.body);
    return gzipped.body as CompactBoardDetail;
  };
  /**
   * The board as read whole past every cache (BoardReadRepository.content), in the compact form;
   * the full read, kept and brought forward as the compact one is, must be it too.
   */
  const expected = async (boardId: string) => {
    const full = (await t.http.get(`/api/boards/${boardId}`).set(member.auth)).body as BoardDetail;
    const fresh = JSON.parse(JSON.stringify(await reads.content(boardId))) as Pick<
      BoardDetail,
      'labels' | 'fields' | 'lanes' | 'lists'
    >;
    expect(full).toEqual({ ...full, ...fresh });
    const { labels: _labels, lists: _lists, ...head } = full;
    return { ...head, ...compactContent({ ...full, ...fresh }) };
  };
  const send = async (
    user: TestUser,
    r: { method: 'post' | 'put' | 'patch' | 'delete'; path: string; body?: object },
  ) => {
    const req = t.http[r.method](r.path).set(user.auth);
    const res = r.body ? await req.send(r.body) : await req;
    if (res.status >= 300) throw new Error(`${r.path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
  const rename = (cardId: string, title: string) =>
    send(owner, { method: 'put', path: `/api/cards/${cardId}`, body: { title } });

  it('is the board read whole after every kind of change', async () => {
    const ids: BoardIds = await seedBoardWorld(t, owner, [member]);
    const newcomer = await createUser(t, { name: 'Newcomer' });
    const extra: Record<string, string> = {
      newcomerEmail: newcomer.email,
      newcomerId: newcomer._id,
      ownerId: owner._id,
    };
    await compact(ids.boardId);
    for (const step of STEPS.filter((s) => s.type !== 'board.deleted')) {
      const answer = await send(owner, step.request(ids, extra));
      Object.assign(extra, step.keep?.(answer) ?? {});
      expect({ after: step.type, board: await compact(ids.boardId) }).toEqual({
        after: step.type,
        board: await expected(ids.boardId),
      });
    }
  });

  it('reads again only the lists a change to cards touched, and all of them after another change', async () => {
    const ids = await seedBoardWorld(t, owner, [member]);
    await compact(ids.boardId);
    const lists = jest.spyOn(reads, 'compactLists');

    await rename(ids.otherCardId, 'Renamed');
    await send(owner, { method: 'post', path: `/api/cards/${ids.cardId}/comments`, body: { text: 'Hi' } });
    expect(await compact(ids.boardId)).toEqual(await expected(ids.boardId));
    expect(lists.mock.calls).toEqual([[ids.boardId, { listIds: [ids.listId], cardIds: [ids.otherCardId] }]]);
    expect((await lists.mock.results[0]!.value).lists.map((l: { id: string }) => l.id)).toEqual([ids.listId]);

    // A move names both lists: each is read again, the card leaves one and joins the other.
    lists.mockClear();
    await send(owner, {
      method: 'put',
      path: `/api/boards/${ids.boardId}/dnd`,
      body: {
        type: 'card',
        cardId: ids.cardId,
        sourceListId: ids.listId,
        destListId: ids.otherListId,
        newPosition: 0,
      },
    });
    const moved = await compact(ids.boardId);
    expect(moved).toEqual(await expected(ids.boardId));
    expect(moved.lists.map((l) => l.cards.map((c) => c._id))).toEqual([[ids.otherCardId], [ids.cardId]]);
    expect((await lists.mock.results[0]!.value).lists).toHaveLength(2);

    // The full read is brought forward the same way.
    const fullLists = jest.spyOn(reads, 'fullLists');
    await rename(ids.cardId, 'Renamed in full');
    await expected(ids.boardId);
    expect(fullLists.mock.calls).toEqual([
      [ids.boardId, { listIds: [ids.otherListId], cardIds: [ids.cardId] }],
    ]);
    expect((await fullLists.mock.results[0]!.value).lists.map((l: { id: string }) => l.id)).toEqual([
      ids.otherListId,
    ]);

    await compact(ids.boardId);

    // A change to the board's own fields reads nothing of its content.
    lists.mockClear();
    await send(owner, {
      method: 'put',
      path: `/api/boards/${ids.boardId}`,
      body: { title: 'Only the title' },
    });
    expect((await compact(ids.boardId)).title).toBe('Only the title');
    expect(lists).not.toHaveBeenCalled();

    // A label renamed can reach every card: the whole content is read.
    lists.mockClear();
    await send(owner, { method: 'put', path: `/api/labels/${ids.labelId}`, body: { name: 'Renamed label' } });
    expect(await compact(ids.boardId)).toEqual(await expected(ids.boardId));
    expect(lists.mock.calls).toEqual([[ids.boardId]]);
  });

  it('reads the whole content when another change lands while the touched lists are read', async () => {
    const ids = await seedBoardWorld(t, owner, [member]);
    await compact(ids.boardId);
    await rename(ids.cardId, 'First change');
    const compactLists = reads.compactLists.bind(reads);
    // The other list's card is renamed after the read has learned its version, before its lists are read.
    const lists = jest.spyOn(reads, 'compactLists').mockImplementationOnce(async (...args) => {
      const moved = await send(owner, {
        method: 'put',
        path: `/api/boards/${ids.boardId}/dnd`,
        body: {
          type: 'card',
          cardId: ids.otherCardId,
          sourceListId: ids.listId,
          destListId: ids.otherListId,
          newPosition: 0,
        },
      });
      expect(moved).toBeDefined();
      return compactLists(...args);
    });
    const got = (
      await t.http
        .get(`/api/boards/${ids.boardId}?view=compact`)
        .set(member.auth)
        .set('Accept-Encoding', 'gzip')
    ).body as CompactBoardDetail;
    // Patched, the moved card would show in both lists; read whole, it is where it is now.
    expect(lists.mock.calls.map((c) => c.length)).toEqual([2, 1]);
    expect(got.lists.map((l) => l.cards.map((c) => c._id))).toEqual([[ids.cardId], [ids.otherCardId]]);
    expect(await compact(ids.boardId)).toEqual(await expected(ids.boardId));
  });
});
