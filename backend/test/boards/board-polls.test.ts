import { BoardsService } from '../../src/modules/boards/boards.service';
import { createToken } from '../api-tokens/token-fixtures';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The 5 s poll of an unchanged board is answered before Nest (BoardPolls); everything else reaches
 * the controller, which answers it as before.
 */
describe('board polls answered before the controller', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let reads: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp({ instanceId: 'papan-a' });
    owner = await createUser(t);
    stranger = await createUser(t);
    reads = jest.spyOn(t.app.get(BoardsService), 'read');
  });
  afterAll(() => t.close());
  beforeEach(() => reads.mockClear());

  async function etagOf(boardId: string, user: TestUser, query = '') {
    const first = await t.http.get(`/api/boards/${boardId}${query}`).set(user.auth);
    expect(first.status).toBe(200);
    return String(first.headers.etag);
  }

  it('answers a matching poll with 304 and the headers every answer carries, without the controller', async () => {
    const { _id } = await createBoard(t, owner);
    for (const query of ['', '?view=compact', '?view=full']) {
      const etag = await etagOf(_id, owner, query);
      reads.mockClear();
      const poll = await t.http
        .get(`/api/boards/${_id}${query}`)
        .set(owner.auth)
        .set('If-None-Match', etag)
        .set('X-Request-Id', 'poll-1');
      expect(poll.status).toBe(304);
      expect(reads).not.toHaveBeenCalled();
      expect(poll.headers).toMatchObject({
        etag,
        'cache-control': 'private, no-cache',
        vary: expect.stringContaining('Accept-Encoding'),
        'x-content-type-options': 'nosniff', // helmet
        'x-request-id': 'poll-1',
        'x-papan-instance': 'papan-a',
      });
      expect(poll.text).toBe('');
    }
  });

  it('leaves a stale ETag, a change and the pin to the controller, which answers the board', async () => {
    const { _id } = await createBoard(t, owner);
    const etag = await etagOf(_id, owner);
    await t.http.put(`/api/boards/${_id}`).set(owner.auth).send({ title: 'Changed' }).expect(200);
    reads.mockClear();
    const changed = await t.http.get(`/api/boards/${_id}`).set(owner.auth).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.title).toBe('Changed');
    expect(reads).toHaveBeenCalledTimes(1);

    const fresh = String(changed.headers.etag);
    await t.http.put(`/api/boards/${_id}/toggle-pin`).set(owner.auth).expect(200);
    const pinned = await t.http.get(`/api/boards/${_id}`).set(owner.auth).set('If-None-Match', fresh);
    expect(pinned.status).toBe(200);
    expect(pinned.body.isPinned).toBe(true);
  });

  it('gives nothing away to whoever may not read the board: 401, 403, 404 and 400 as before', async () => {
    const { _id } = await createBoard(t, owner);
    const etag = await etagOf(_id, owner);
    const poll = (auth: Record<string, string>, id = _id) =>
      t.http.get(`/api/boards/${id}`).set(auth).set('If-None-Match', etag);
    expect((await poll({})).status).toBe(401);
    expect((await poll({ Authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await poll(stranger.auth)).status).toBe(403);
    expect((await poll(owner.auth, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await poll(owner.auth, _id.toUpperCase())).status).not.toBe(304);
    const odd = await t.http.get(`/api/boards/${_id}?view=wide`).set(owner.auth).set('If-None-Match', etag);
    expect(odd.status).toBe(400);
  });

  it('answers a member removed since the last poll 403 at once', async () => {
    const { _id } = await createBoard(t, owner);
    const member = await createUser(t);
    await seedMember(t, _id, member);
    const etag = await etagOf(_id, member);
    expect((await t.http.get(`/api/boards/${_id}`).set(member.auth).set('If-None-Match', etag)).status).toBe(
      304,
    );
    await t.http.delete(`/api/boards/${_id}/members/${member._id}`).set(owner.auth).expect(200);
    expect((await t.http.get(`/api/boards/${_id}`).set(member.auth).set('If-None-Match', etag)).status).toBe(
      403,
    );
  });

  it('leaves API tokens to the controller, which checks their scopes and boards', async () => {
    const { _id } = await createBoard(t, owner);
    const token = await createToken(t, owner);
    const etag = await etagOf(_id, owner);
    reads.mockClear();
    const poll = await t.http.get(`/api/boards/${_id}`).set(token.auth).set('If-None-Match', etag);
    expect(poll.status).toBe(304);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
