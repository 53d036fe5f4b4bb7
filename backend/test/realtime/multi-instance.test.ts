import { Client } from 'pg';
import { createClient } from 'redis';
import type { BoardPresence } from '@papan/shared';
import { createBoard, createUser, seedMember } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { connect, EventLog, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Two instances on one PostgreSQL server: needs TEST_DATABASE_URL (CI's 127.0.0.1:5432). */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? (pgUrl ? 'redis://127.0.0.1:6379' : undefined);
const describeOnServer = pgUrl ? describe : describe.skip;

describeOnServer.each([
  ['the PostgreSQL adapter', false],
  ['the Redis Streams adapter', true],
])('two instances with %s', (_name, useRedis) => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    if (useRedis) {
      const redis = createClient({ url: redisUrl });
      await redis.connect();
      await redis.quit();
    }
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    databaseUrl = db.url;
    drop = db.drop;
    const overrides = {
      databaseUrl,
      redisUrl: useRedis ? redisUrl! : null,
      jwtSecret: 'shared-secret-of-both-instances-0123456789',
    };
    a = await startTestApp(overrides);
    b = await startTestApp(overrides);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await a.close();
    await b.close();
    await drop();
  });

  it('carries a change made over HTTP on instance A to a socket on instance B', async () => {
    const owner = await createUser(a);
    const board = await createBoard(a, owner);
    const onB = await connect(await listen(b), owner.token);
    sockets.push(onB);
    expect((await joinBoard(onB, board._id)).ok).toBe(true);
    const log = new EventLog(onB);
    await a.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ title: 'Across instances' });
    const event = await log.waitFor((e) => e.type === 'board.updated');
    expect(event.payload).toMatchObject({ title: 'Across instances' });
  });

  it('names the viewers of every instance, asking the others for people, not for their sockets', async () => {
    const owner = await createUser(a, { name: 'Ola on A' });
    const member = await createUser(a, { name: 'Budi on B' });
    const board = await createBoard(a, owner);
    await seedMember(a, board._id, member);
    const onA = await connect(await listen(a), owner.token);
    sockets.push(onA);
    expect((await joinBoard(onA, board._id)).ok).toBe(true);
    // Many tabs of one person on B: fetchSockets() sent each one's handshake (over 8 kB in all).
    const urlB = await listen(b);
    for (let i = 0; i < 20; i++) {
      const tab = await connect(urlB, member.token);
      sockets.push(tab);
      expect((await joinBoard(tab, board._id)).ok).toBe(true);
    }
    const attachmentsBefore = await lastAttachment(databaseUrl);
    const names = async (t: TestApp) => {
      const res = await t.http.get(`/api/boards/${board._id}/presence`).set(owner.auth);
      expect(res.status).toBe(200);
      return (res.body as BoardPresence).users.map((u) => u.name).sort();
    };
    expect(await names(a)).toEqual(['Budi on B', 'Ola on A']);
    expect(await names(b)).toEqual(['Budi on B', 'Ola on A']);
    // The answers went as plain notifications: none needed the adapter's table for large payloads.
    expect(await lastAttachment(databaseUrl)).toBe(attachmentsBefore);
  });

  it('keeps local sockets served when the adapter link is cut; remote ones catch up by version', async () => {
    const owner = await createUser(a);
    const board = await createBoard(a, owner);
    const onA = await connect(await listen(a), owner.token);
    sockets.push(onA);
    const { version } = (await joinBoard(onA, board._id)) as { version: number };
    const etag = (await b.http.get(`/api/boards/${board._id}`).set(owner.auth)).headers.etag;

    await cutAdapterLinks(useRedis, databaseUrl);
    const log = new EventLog(onA);
    await a.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ title: 'While cut' });
    expect((await log.waitFor((e) => e.type === 'board.updated')).version).toBe(version + 1);

    const poll = await b.http.get(`/api/boards/${board._id}`).set(owner.auth).set('If-None-Match', etag);
    expect(poll.status).toBe(200);
    expect(poll.body).toMatchObject({ title: 'While cut', version: version + 1 });
  });
});

/** The newest row of the PostgreSQL adapter's table for payloads over 8 kB (0: none, or no table). */
async function lastAttachment(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query<{ t: string | null }>(
      "select to_regclass('socket_io_attachments') as t",
    );
    if (!table.rows[0]?.t) return 0;
    const { rows } = await client.query<{ last: string }>(
      'select coalesce(max(id), 0) as last from socket_io_attachments',
    );
    return Number(rows[0]!.last);
  } finally {
    await client.end();
  }
}

/** Ends the adapters' own connections (LISTEN sessions or Redis clients) from the outside. */
async function cutAdapterLinks(useRedis: boolean, databaseUrl: string): Promise<void> {
  if (useRedis) {
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    await redis.sendCommand(['CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes']);
    await redis.quit();
    return;
  }
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
  );
  await admin.end();
}
