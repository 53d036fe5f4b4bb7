import { startTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/health', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ instanceId: 'papan-a' });
  });
  afterAll(() => sut.close());

  it('says the database answers, which database it is and which socket.io adapter serves', async () => {
    const res = await sut.http.get('/api/health').expect(200);
    // Tests on a PostgreSQL server (TEST_DATABASE_URL) use its adapter; embedded ones have none.
    const adapter = sut.kind === 'postgres' ? 'postgres' : 'memory';
    expect(res.body).toEqual({ status: 'ok', database: sut.kind, adapter });
  });

  it('names the instance that answered when INSTANCE_ID is set', async () => {
    const res = await sut.http.get('/api/health').expect(200);
    expect(res.headers['x-papan-instance']).toBe('papan-a');
    const missing = await sut.http.get('/api/nothing-here').expect(404);
    expect(missing.headers['x-papan-instance']).toBe('papan-a');
  });

  it('keeps a sane X-Request-Id and replaces anything else with a new one', async () => {
    const kept = await sut.http.get('/api/health').set('X-Request-Id', 'lb-7f3a.42');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await sut.http.get('/api/health').set('X-Request-Id', 'bad id\twith spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

const redisUrl =
  process.env.TEST_REDIS_URL ?? (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);

(redisUrl ? describe : describe.skip)('GET /api/health with REDIS_URL', () => {
  it('names the Redis Streams adapter', async () => {
    const sut = await startTestApp({ redisUrl: redisUrl! });
    try {
      const res = await sut.http.get('/api/health').expect(200);
      expect(res.body).toMatchObject({ status: 'ok', adapter: 'redis' });
    } finally {
      await sut.close();
    }
  });
});
