import { createBoard, createUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** One sample of a Prometheus text answer, e.g. value(text, 'x_total', {type: 'a'}). */
function value(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return null;
}

describe('GET /api/metrics', () => {
  let sut: TestApp;
  let socket: ClientSocket | undefined;

  beforeAll(async () => {
    sut = await startTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    socket?.close();
    await sut.close();
  });

  it('shows non-zero request, event, socket and database counters after traffic', async () => {
    const owner = await createUser(sut);
    const board = await createBoard(sut, owner);
    socket = await connect(await listen(sut), owner.token);
    expect((await joinBoard(socket, board._id)).ok).toBe(true);
    const log = new EventLog(socket);
    await sut.http
      .post(`/api/boards/${board._id}/lists`)
      .set(owner.auth)
      .send({ title: 'Doing' })
      .expect(201);
    await log.waitFor((e) => e.type === 'list.created');
    await sut.http.get(`/api/boards/${board._id}`).set(owner.auth).expect(200);
    await sut.http.get('/api/no-such-thing').expect(404);

    const res = await sut.http.get('/api/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    const boardReads = { route: '/api/boards/:id', method: 'GET', status_code: '200' };
    expect(value(text, 'http_request_duration_seconds_count', boardReads)).toBe(1);
    expect(value(text, 'http_request_duration_seconds_sum', boardReads)).toBeGreaterThan(0);
    expect(
      value(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    expect(value(text, 'papan_board_events_emitted_total', { type: 'list.created' })).toBe(1);
    expect(value(text, 'papan_socket_connections')).toBe(1);
    expect(value(text, 'papan_db_queries_total')).toBeGreaterThan(0);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
    // The embedded database has no pool; PostgreSQL's connections are shown.
    const poolTotal = value(text, 'papan_db_pool_connections', { state: 'total' });
    if (sut.kind === 'postgres') expect(poolTotal).toBeGreaterThan(0);
    else expect(poolTotal).toBeNull();
  });

  it('refuses an address outside loopback and METRICS_ALLOW with 403', async () => {
    const res = await sut.http.get('/api/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
    expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(res.text).not.toContain('http_request_duration_seconds');
  });
});

describe('GET /api/metrics access rules', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp(
      {},
      {
        TRUST_PROXY: 'true',
        METRICS_ALLOW: '10.1.0.0/16, 2001:db8::/32, 198.51.100.7',
        METRICS_TOKEN: 'scrape-token-0123456789',
      },
    );
  });
  afterAll(() => sut.close());

  it.each([
    ['an address in a METRICS_ALLOW range', '10.1.200.3', 200],
    ['a single METRICS_ALLOW address', '198.51.100.7', 200],
    ['an IPv6 METRICS_ALLOW range', '2001:db8::17', 200],
    ['an address next to the range', '10.2.0.1', 403],
    ['another single address', '198.51.100.8', 403],
  ])('answers %s (%s) with %i', async (_name, address, status) => {
    await sut.http.get('/api/metrics').set('X-Forwarded-For', address).expect(status);
  });

  it('lets a caller with the METRICS_TOKEN in from anywhere, and no one with a wrong one', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.9' };
    await sut.http
      .get('/api/metrics')
      .set({ ...from, Authorization: 'Bearer scrape-token-0123456789' })
      .expect(200);
    await sut.http
      .get('/api/metrics')
      .set({ ...from, Authorization: 'Bearer scrape-token-0123456780' })
      .expect(403);
  });
});
