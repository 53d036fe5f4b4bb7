import { eq } from 'drizzle-orm';
import { instanceSettings } from '../../src/database/schema';
import { atHeaders } from '../helpers/live-answers';
import fc from 'fast-check';
import { decode } from 'jsonwebtoken';
import { profileUpdateSchema, type InstanceSettingsInput } from '@papan/shared';
import { ADMIN_PASSWORD } from '../admin/admin-fixtures';
import { seedBoardWorld } from '../helpers/board-world';
import { createUser, login, uniqueEmail, type TestUser } from '../helpers/factories';
import { startProviderProcess, type OidcProviderProcess } from '../helpers/oidc-world';
import { fillPath, listRouteInputs, type PathIds, type RouteInputs } from '../helpers/route-inputs';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { FUZZ_SEED, fromSchema, hostileString, hostileValue } from './hostile-input';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const GOOGLE = {
  clientId: 'fuzz-client',
  clientSecret: 'fuzz-secret',
  authUrl: 'http://127.0.0.1:9/auth',
  tokenUrl: 'http://127.0.0.1:9/token',
  userInfoUrl: 'http://127.0.0.1:9/userinfo',
};

const OPEN_SETTINGS: InstanceSettingsInput = {
  registration: 'open',
  allowedEmailDomains: [],
  announcement: null,
  requireTwoFactorForAdmins: false,
};

interface FuzzRequest {
  params: Record<string, string>;
  query: string | null;
  body: string | null;
}

/** Object.prototype as it was before any request: nothing may be added to it. */
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

/** Query strings with hostile values, repeated keys (arrays) and bracket keys. */
function queryOf(route: RouteInputs, ids: string[]): fc.Arbitrary<string | null> {
  if (!route.query && !route.raw) return fc.constant(null);
  const keys = route.query
    ? Object.keys((route.query as unknown as { shape: object }).shape)
    : ['code', 'state', 'error'];
  const value = fc.oneof(
    hostileString,
    fc.constantFrom(...ids),
    fc.integer({ min: -5, max: 5_000 }).map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  );
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...keys), fc.constantFrom('__proto__[polluted]', 'constructor[prototype][x]')),
    value,
  );
  return fc
    .array(pair, { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
}

function requestOf(route: RouteInputs, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const params = Object.fromEntries(
    Object.keys(route.params).map((name) => [
      name,
      fc.option(fc.oneof(fc.uuid(), hostileString, fc.constantFrom(...ids)), { nil: undefined }),
    ]),
  );
  const body = route.body
    ? fromSchema(route.body, ids).map((v) => JSON.stringify(v) ?? 'null')
    : fc.option(hostileValue.map((v) => JSON.stringify(v) ?? 'null'));
  return fc
    .record({ params: fc.record(params, { requiredKeys: [] }), query: queryOf(route, ids), body })
    .map(({ params: p, query, body: b }) => ({
      params: Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
      query,
      body: b,
    }));
}

const describeRequest = (r: FuzzRequest) =>
  JSON.stringify(r, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…(${v.length})` : v,
  );

describe('hostile input on every endpoint (fast-check, seed printed on failure)', () => {
  let t: TestApp;
  let admin: TestUser;
  let routes: RouteInputs[];
  let oidc: OidcProviderProcess;

  beforeAll(async () => {
    const email = uniqueEmail('root');
    // Google sign-in is configured (towards a closed port) so its routes run their real checks;
    // single sign-on towards the test provider, whose discovery its start needs.
    oidc = await startProviderProcess('http://localhost:5000/api/auth/oidc/callback');
    t = await startTestApp({ google: GOOGLE, oidc: oidc.config() }, { ADMIN_EMAIL: email, ADMIN_PASSWORD });
    admin = await login(t, email, ADMIN_PASSWORD);
    // The multipart profile form has its own property below.
    routes = listRouteInputs(t.app).filter(
      (r) =>
        r.route !== 'PUT /api/users/profile' &&
        (r.body || r.query || r.raw || Object.keys(r.params).length > 0),
    );
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });

  let bystander: TestUser;

  /**
   * A fresh board world owned by the administrator, so every route (board or admin) is allowed; a
   * fresh user and a spare login session only for the routes that may delete or end them.
   */
  async function freshIds(route: RouteInputs): Promise<PathIds> {
    bystander ??= await createUser(t, { name: 'Bystander' });
    const victim = /users|members|block/.test(route.route)
      ? await createUser(t, { name: 'Victim' })
      : bystander;
    const world = await seedBoardWorld(t, admin, [victim]);
    // Only DELETE /api/sessions/:id may end a session: it gets a spare one, never the caller's.
    const spare = route.route.includes('/sessions/') ? await login(t, admin.email, admin.password) : null;
    const sessionId = spare ? (decode(spare.token) as { sid: string }).sid : world.boardId;
    return { ...world, userId: victim._id, sessionId };
  }

  it('finds routes that take input in the route table', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.body).length).toBeGreaterThan(20);
  });

  // The list of routes is only known once the app runs, so one test walks them all in order.
  it('answers every fuzzed request with 2xx-4xx, never 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const ids = await freshIds(route);
      const pool = Object.values(ids);
      const property = fc.asyncProperty(requestOf(route, pool), async (req) => {
        const path = fillPath(route.path, ids, req.params);
        const url = req.query ? `${path}?${req.query}` : path;
        const sent = t.http[route.method](url).set(admin.auth);
        const call = route.route.endsWith('/stream') ? atHeaders(sent) : sent;
        const res = await (req.body === null
          ? call
          : call.set('Content-Type', 'application/json').send(req.body));
        if (res.status >= 500 || res.status < 200) {
          throw new Error(`${route.route} answered ${res.status} ${JSON.stringify(res.body)}`);
        }
      });
      const result = await fc.check(property, { numRuns: RUNS, seed: FUZZ_SEED });
      // A fuzzed settings body may close registration or ask admins for 2FA: the next routes run as before.
      if (route.route === 'PUT /api/admin/settings') {
        await t.db.update(instanceSettings).set(OPEN_SETTINGS).where(eq(instanceSettings.id, 1));
      }
      if (result.failed) {
        const example = result.counterexample?.[0] as FuzzRequest | undefined;
        failures.push(
          `${route.route}: ${String(result.errorInstance)}\n  seed=${result.seed} path=${result.counterexamplePath}` +
            `\n  request=${example ? describeRequest(example) : '?'}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers multipart profile updates with hostile fields and extra parts with 2xx-4xx', async () => {
    const keys = Object.keys(profileUpdateSchema.shape);
    const part = fc.tuple(
      fc.oneof(fc.constantFrom(...keys), fc.constantFrom('__proto__', 'role', 'email', 'provider')),
      fc.oneof(
        hostileString,
        fromSchema(profileUpdateSchema, []).map((v) => JSON.stringify(v) ?? ''),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), async (parts) => {
        let call = t.http.put('/api/users/profile').set(admin.auth);
        for (const [k, v] of parts) call = call.field(k, v.slice(0, 20_000) || ' ');
        const res = await call;
        expect({ status: res.status, ok: res.status >= 200 && res.status < 500 }).toMatchObject({ ok: true });
      }),
      { numRuns: RUNS * 2, seed: FUZZ_SEED },
    );
    const me = await t.http.get('/api/auth/me').set(admin.auth);
    expect(me.body).toMatchObject({ role: 'ADMIN', provider: 'local', email: admin.email });
  });

  it('answers hostile socket.io board:join and board:leave payloads with a refusal ack', async () => {
    // Packets over 64 KB close the connection instead (test/realtime/gateway.test.ts).
    const socketSized = hostileValue.filter((v) => (JSON.stringify(v) ?? '').length < 60_000);
    const url = await listen(t);
    const socket = await connect(url, admin.token);
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('board:join', 'board:leave'), socketSized, async (event, body) => {
          const ack = (await socket.timeout(5000).emitWithAck(event as 'board:join', body as never)) as {
            ok: boolean;
          };
          expect(ack.ok).toBe(false);
        }),
        { numRuns: RUNS * 2, seed: FUZZ_SEED },
      );
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('still answers /api/health and Object.prototype was not polluted', async () => {
    const health = await t.http.get('/api/health');
    expect(health.status).toBe(200);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.role, probe.x]).toEqual([undefined, undefined, undefined]);
    // The administrator is still the only ADMIN and still signed in.
    const me = await t.http.get('/api/auth/me').set(admin.auth);
    expect(me.body.role).toBe('ADMIN');
  });
});
