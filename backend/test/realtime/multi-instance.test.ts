import { Client } from 'pg';
import { createClient } from 'redis';
import { createBoard, createUser } from '../helpers/factories';
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
