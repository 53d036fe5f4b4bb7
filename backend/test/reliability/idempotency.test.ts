import { count, eq } from 'drizzle-orm';
import { cards, idempotencyKeys, lists } from '../../src/database/schema';
import { IdempotencyPurger } from '../../src/modules/idempotency/idempotency-purger';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { IdempotencyInterceptor } from '../../src/modules/idempotency/idempotency.interceptor';
import { IdempotencyRepository } from '../../src/modules/idempotency/idempotency.repository';
import { createBoard, createUser, seedList, seedMember, type TestUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type TestApp } from '../helpers/test-app';

const cardsOf = async (t: TestApp, listId: string) =>
  (await t.db.select({ n: count() }).from(cards).where(eq(cards.listId, listId)))[0].n;

describe(IdempotencyInterceptor.name, () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let boardId: string;
  let listId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Member' });
    boardId = (await createBoard(t, owner))._id;
    await seedMember(t, boardId, member);
    listId = (await seedList(t, boardId, 'Inbox')).id;
  });
  afterAll(() => t.close());

  const createCard = (user: TestUser, key: string | null, body: object) => {
    const req = t.http.post(`/api/lists/${listId}/cards`).set(user.auth);
    return (key === null ? req : req.set('Idempotency-Key', key)).send(body);
  };

  it('answers a retry with the first answer and creates nothing new', async () => {
    const first = await createCard(owner, 'retry-1', { title: 'Once' });
    const retry = await createCard(owner, 'retry-1', { title: 'Once' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const titles = (await t.db.select().from(cards).where(eq(cards.listId, listId))).map((c) => c.title);
    expect(titles.filter((x) => x === 'Once')).toHaveLength(1);
  });

  it('creates one card when two identical requests arrive at once, and both get its answer', async () => {
    const before = await cardsOf(t, listId);
    const answers = await Promise.all(
      Array.from({ length: 2 }, () => createCard(owner, 'together', { title: 'Together' })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[0].body._id).toBe(answers[1].body._id);
    expect(await cardsOf(t, listId)).toBe(before + 1);
  });

  it('refuses the same key with a different body (422) and a malformed key (400)', async () => {
    await createCard(owner, 'body-bound', { title: 'First body' });
    const other = await createCard(owner, 'body-bound', { title: 'Second body' });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key.*different request/);
    for (const bad of ['', 'x'.repeat(129), 'tab\tkey', 'é']) {
      const res = await t.http
        .post(`/api/boards/${boardId}/lists`)
        .set(owner.auth)
        .set('Idempotency-Key', Buffer.from(bad).toString('latin1'))
        .send({ title: 'Never' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Idempotency-Key/);
    }
    expect((await t.db.select().from(lists).where(eq(lists.title, 'Never'))).length).toBe(0);
  });

  it('keeps keys of different users and different routes apart', async () => {
    const mine = await createCard(owner, 'shared-key', { title: 'Mine' });
    const theirs = await createCard(member, 'shared-key', { title: 'Mine' });
    const list = await t.http
      .post(`/api/boards/${boardId}/lists`)
      .set(owner.auth)
      .set('Idempotency-Key', 'shared-key')
      .send({ title: 'Mine' });
    expect([mine.status, theirs.status, list.status]).toEqual([201, 201, 201]);
    expect(theirs.body._id).not.toBe(mine.body._id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs a failed request again on retry (nothing was stored for it)', async () => {
    const bad = await createCard(owner, 'fix-and-retry', { title: '' });
    expect(bad.status).toBe(400);
    const good = await createCard(owner, 'fix-and-retry', { title: 'Fixed' });
    expect(good.status).toBe(201);
  });

  it('forgets answers older than 24 hours: the purge deletes them and the key works again', async () => {
    const first = await createCard(owner, 'old-key', { title: 'Yesterday' });
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, 'old-key'));
    expect(await t.app.get(IdempotencyPurger).purge()).toBeGreaterThanOrEqual(1);
    const again = await createCard(owner, 'old-key', { title: 'Yesterday' });
    expect(again.status).toBe(201);
    expect(again.body._id).not.toBe(first.body._id);
  });

  /** What the pg driver throws when the server's connection is cut mid-statement. */
  const connectionLost = () =>
    Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

  it('lets a retry run at once when the claim committed but its answer was lost with the connection', async () => {
    const store = t.app.get(IdempotencyRepository);
    const realClaim = store.claim.bind(store);
    const claim = jest.spyOn(store, 'claim').mockImplementationOnce(async (...args) => {
      await realClaim(...args); // the row is stored...
      throw connectionLost(); // ...but the request never hears so
    });
    try {
      const lost = await createCard(owner, 'claim-lost', { title: 'Claim lost' });
      expect(lost.status).toBe(503);
      const started = Date.now();
      const retry = await createCard(owner, 'claim-lost', { title: 'Claim lost' });
      expect(retry.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(3000); // not the 10 s wait, nor a 409
      const titles = (await t.db.select().from(cards).where(eq(cards.listId, listId))).map((c) => c.title);
      expect(titles.filter((x) => x === 'Claim lost')).toHaveLength(1);
    } finally {
      claim.mockRestore();
    }
  });

  it('replays a change whose commit went through but whose answer was lost, instead of making it twice', async () => {
    const events = t.app.get(DomainEvents);
    const original = events.publish.bind(events);
    let failed = false;
    const publish = jest.spyOn(events, 'publish').mockImplementation(((name, event) => {
      // The first board event, after the commit: the request fails as if the acknowledgement was lost.
      if (name === 'board' && !failed) {
        failed = true;
        throw connectionLost();
      }
      original(name, event);
    }) as DomainEvents['publish']);
    try {
      const lost = await createCard(owner, 'commit-lost', { title: 'Committed once' });
      expect(lost.status).toBe(503);
      const retry = await createCard(owner, 'commit-lost', { title: 'Committed once' });
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toMatchObject({ title: 'Committed once', listId });
      const titles = (await t.db.select().from(cards).where(eq(cards.listId, listId))).map((c) => c.title);
      expect(titles.filter((x) => x === 'Committed once')).toHaveLength(1);
    } finally {
      publish.mockRestore();
    }
  });

  it('a key names one change: block replayed under its key answers done and changes nothing; a new key blocks again', async () => {
    const target = await createUser(t, { name: 'Blocked twice' });
    const send = (path: 'block' | 'unblock', body: object, key = 'one-key') =>
      t.http.post(`/api/users/${path}`).set(owner.auth).set('Idempotency-Key', key).send(body);
    expect((await send('block', { userIdToBlock: target._id })).status).toBe(200);
    expect((await send('unblock', { userIdToUnblock: target._id })).status).toBe(200);
    const replay = await send('block', { userIdToBlock: target._id });
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const blockedOf = async () =>
      (await t.http.get('/api/users/blocked').set(owner.auth)).body.map((u: { _id: string }) => u._id);
    expect(await blockedOf()).toEqual([]);
    const again = await send('block', { userIdToBlock: target._id }, 'another-key');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await blockedOf()).toEqual([target._id]);
  });

  it('leaves requests without the header alone', async () => {
    const before = await cardsOf(t, listId);
    await createCard(owner, null, { title: 'Plain' });
    await createCard(owner, null, { title: 'Plain' });
    expect(await cardsOf(t, listId)).toBe(before + 2);
  });
});

/** Two instances on one PostgreSQL server share the stored answers. */
const pgUrl = process.env.TEST_DATABASE_URL;
(pgUrl ? describe : describe.skip)('Idempotency-Key across two instances', () => {
  it('replays on instance B the answer instance A gave', async () => {
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    const overrides = { databaseUrl: db.url, jwtSecret: 'shared-secret-of-both-instances-0123456789' };
    const a = await startTestApp(overrides);
    const b = await startTestApp(overrides);
    try {
      const owner = await createUser(a);
      const send = (x: TestApp) =>
        x.http.post('/api/boards').set(owner.auth).set('Idempotency-Key', 'across').send({ title: 'Across' });
      const [onA, onB] = [await send(a), await send(b)];
      expect(onB.status).toBe(201);
      expect(onB.text).toBe(onA.text);
      const boards = await b.http.get('/api/boards').set(owner.auth);
      expect(JSON.stringify(boards.body).match(/"Across"/g)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
