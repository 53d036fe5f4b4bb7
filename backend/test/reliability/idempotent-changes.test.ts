import { eq } from 'drizzle-orm';
import { boards } from '../../src/database/schema';
import { seedBoardWorld } from '../helpers/board-world';
import { STEPS } from '../helpers/change-steps';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every signed-in change takes an Idempotency-Key (docs/api.md, "Retrying changes"; ARCHITECTURE
 * §11.5): sent again with its key it answers the first answer, marked replayed, and changes nothing
 * more — no version, no event, no activity.
 */
describe('every change retried with its Idempotency-Key', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Member' });
  });
  afterAll(() => t.close());

  async function versionOf(boardId: string): Promise<number | null> {
    const [row] = await t.db.select({ version: boards.version }).from(boards).where(eq(boards.id, boardId));
    return row?.version ?? null;
  }
  const logLength = async (boardId: string) =>
    (await t.http.get(`/api/boards/${boardId}/events?after=0&limit=1000`).set(owner.auth)).body.events
      ?.length;
  const activityCount = async (boardId: string) =>
    (await t.http.get(`/api/boards/${boardId}/activities?limit=100`).set(owner.auth)).body.length;

  it('replays each kind of board change: same answer, marked, version, events and activities unchanged', async () => {
    const ids = await seedBoardWorld(t, owner, [member]);
    const newcomer = await createUser(t, { name: 'Newcomer' });
    const extra: Record<string, string> = {
      newcomerEmail: newcomer.email,
      newcomerId: newcomer._id,
      ownerId: owner._id,
    };
    const replayed: string[] = [];
    for (const [i, step] of STEPS.entries()) {
      const r = step.request(ids, extra);
      const send = () => {
        const req = t.http[r.method](r.path).set(owner.auth).set('Idempotency-Key', `change-${i}`);
        return r.body ? req.send(r.body) : req;
      };
      const first = await send();
      if (first.status >= 300) throw new Error(`${step.type}: ${first.status} ${JSON.stringify(first.body)}`);
      Object.assign(extra, step.keep?.(first.body) ?? {});
      const gone = step.type === 'board.deleted';
      const before = gone
        ? null
        : {
            version: await versionOf(ids.boardId),
            log: await logLength(ids.boardId),
            feed: await activityCount(ids.boardId),
          };
      const again = await send();
      expect({
        type: step.type,
        status: again.status,
        replayed: again.headers['idempotent-replayed'],
      }).toEqual({
        type: step.type,
        status: first.status,
        replayed: 'true',
      });
      expect(again.text).toBe(first.text);
      if (!gone)
        expect({
          type: step.type,
          version: await versionOf(ids.boardId),
          log: await logLength(ids.boardId),
          feed: await activityCount(ids.boardId),
        }).toEqual({ type: step.type, ...before });
      replayed.push(step.type);
    }
    expect(replayed).toHaveLength(STEPS.length);
  });

  it('replays a move (its answer is its event) and a delete without a second event', async () => {
    const ids = await seedBoardWorld(t, owner, [member]);
    const body = {
      type: 'card',
      cardId: ids.cardId,
      sourceListId: ids.listId,
      destListId: ids.otherListId,
      newPosition: 0,
    };
    const move = () =>
      t.http
        .put(`/api/boards/${ids.boardId}/dnd`)
        .set(member.auth)
        .set('Idempotency-Key', 'move-1')
        .send(body);
    const first = await move();
    expect(first.status).toBe(200);
    const version = await versionOf(ids.boardId);
    const again = await move();
    expect([again.status, again.headers['idempotent-replayed'], again.body]).toEqual([
      200,
      'true',
      first.body,
    ]);
    expect(await versionOf(ids.boardId)).toBe(version);
    // The card is where the first move left it, also when the replay's body would now be stale.
    const del = () =>
      t.http.delete(`/api/cards/${ids.cardId}`).set(member.auth).set('Idempotency-Key', 'del-1');
    expect((await del()).status).toBe(200);
    const after = await versionOf(ids.boardId);
    const delAgain = await del();
    expect([delAgain.status, delAgain.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(await versionOf(ids.boardId)).toBe(after);
    // Without the key the same delete is a 404 now: the key is what makes the retry safe.
    expect((await t.http.delete(`/api/cards/${ids.cardId}`).set(member.auth)).status).toBe(404);
  });

  it('replays account changes too: profile, password, block; a new key runs again', async () => {
    const person = await createUser(t, { name: 'Pat' });
    const rename = (key: string) =>
      t.http.put('/api/users/profile').set(person.auth).set('Idempotency-Key', key).field('name', 'Pat Two');
    const first = await rename('profile-1');
    expect(first.status).toBe(200);
    const again = await rename('profile-1');
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const target = await createUser(t);
    const block = (key: string) =>
      t.http
        .post('/api/users/block')
        .set(person.auth)
        .set('Idempotency-Key', key)
        .send({ userIdToBlock: target._id });
    expect((await block('block-1')).status).toBe(200);
    expect((await block('block-1')).headers['idempotent-replayed']).toBe('true');
    const other = await t.http
      .put('/api/users/change-password')
      .set(person.auth)
      .set('Idempotency-Key', 'block-1')
      .send({ currentPassword: person.password, newPassword: 'another-Passw0rd!' });
    // The same key on another path is another change.
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });
});
