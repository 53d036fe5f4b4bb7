import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/database/database';
import { cards } from '../../src/database/schema';
import { DATABASE_UNAVAILABLE } from '../../src/common/filters/all-exceptions.filter';
import { createBoard, createUser, seedList, type TestUser } from '../helpers/factories';
import { listen } from '../helpers/sockets';
import { proxiedDatabase, type TcpProxy } from '../helpers/tcp-proxy';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Needs a PostgreSQL server (TEST_DATABASE_URL, as CI's 127.0.0.1:5432); the proxy plays the outage. */
const pgUrl = process.env.TEST_DATABASE_URL;
const describeOnServer = pgUrl ? describe : describe.skip;

describeOnServer('PostgreSQL stopped and started under load', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let url: string;
  let proxiedUrl: string;
  let drop: () => Promise<void>;
  let owner: TestUser;

  beforeAll(async () => {
    ({ proxy, url: proxiedUrl, drop } = await proxiedDatabase(pgUrl!));
    t = await startTestApp({ databaseUrl: proxiedUrl });
    url = await listen(t);
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await drop?.();
  });

  it('fails fast with 503, reconnects by itself, and retried creates are not duplicated', async () => {
    const boardId = (await createBoard(t, owner))._id;
    const listId = (await seedList(t, boardId, 'Inbox')).id;
    const statuses = new Map<number | string, number>();
    let slowest = 0;
    const send = async (path: string, init: RequestInit = {}) => {
      const started = Date.now();
      try {
        const res = await fetch(`${url}${path}`, init);
        const body = await res.json();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
      } finally {
        slowest = Math.max(slowest, Date.now() - started);
      }
    };

    // Six clients each create 30 cards, one at a time, retrying each with its Idempotency-Key.
    const PER_CLIENT = 30;
    const failures: { status: number; body: unknown; retryAfter: string | null }[] = [];
    const giveUpAt = Date.now() + 45_000; // a clear failure, not the test's timeout, if retries never end
    const writers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const key = `writer-${w}-card-${i}`;
        for (;;) {
          if (Date.now() > giveUpAt) {
            throw new Error(`${key} still failing after 45 s: ${JSON.stringify(failures.at(-1))}`);
          }
          const res = await send(`/api/lists/${listId}/cards`, {
            method: 'POST',
            headers: { ...owner.auth, 'content-type': 'application/json', 'Idempotency-Key': key },
            body: JSON.stringify({ title: key }),
          });
          if (res.status === 201) break;
          failures.push(res);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    });

    await new Promise((r) => setTimeout(r, 500));
    await proxy.stop();
    const downAt = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    const health = await send('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ statusCode: 503, message: 'Database unreachable' });
    await new Promise((r) => setTimeout(r, Math.max(0, downAt + 3000 - Date.now())));
    await proxy.start();
    const upAt = Date.now();
    let healthyAfter = -1;
    while (Date.now() - upAt < 10_000) {
      if ((await send('/api/health')).status === 200) {
        healthyAfter = Date.now() - upAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all(writers);

    expect(healthyAfter).toBeGreaterThanOrEqual(0);
    expect(slowest).toBeLessThan(5000);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      expect(f.status).toBe(503);
      expect(f.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: DATABASE_UNAVAILABLE,
      });
      expect(f.retryAfter).toBe('2');
    }
    const [{ n }] = await t.db.select({ n: count() }).from(cards).where(eq(cards.listId, listId));
    expect(n).toBe(6 * PER_CLIENT);
    const titles = (
      await t.db.select({ title: cards.title }).from(cards).where(eq(cards.listId, listId))
    ).map((c) => c.title);
    expect(new Set(titles).size).toBe(6 * PER_CLIENT);
    console.log(
      `PostgreSQL outage of 3 s under load: ${failures.length} answers 503, slowest answer ${slowest} ms, ` +
        `healthy ${healthyAfter} ms after the restart, ${n} cards for ${6 * PER_CLIENT} creates (statuses ${JSON.stringify(
          Object.fromEntries(statuses),
        )})`,
    );
  }, 90_000);

  it('gives a pooled connection back when BEGIN fails because the connection just died', async () => {
    const handle = await openDatabase({ databaseUrl: proxiedUrl, dataDir: null });
    await handle.db.execute(sql`select 1`); // one idle connection in the pool
    expect(handle.poolStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
    // Cut it and start a transaction at once, before the pool has heard: BEGIN goes to a dead socket.
    const stopped = proxy.stop();
    const attempt = handle.db.transaction((tx) => tx.execute(sql`select 1`));
    await expect(attempt).rejects.toThrow();
    await stopped;
    await proxy.start();
    // The client came back to the pool (and was dropped there): nothing is held, and closing is immediate.
    expect(handle.poolStats()).toMatchObject({ total: 0, waiting: 0 });
    const closed = await Promise.race([
      handle.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for a client'), 3000)),
    ]);
    expect(closed).toBe('closed');
  });
});
