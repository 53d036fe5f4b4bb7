import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { listRoutes } from '../helpers/routes';
import type { TestApp } from '../helpers/test-app';
import { createUserWithRole, startAdminApp, UNKNOWN_ID } from './admin-fixtures';

type Caller = 'visitor' | 'member' | 'ownerRole';

interface Ctx {
  victim: TestUser;
  boardId: string;
  /** An API token of the victim's (docs/api.md, "Personal API tokens"). */
  tokenId: string;
}

interface AdminRoute {
  path: (c: Ctx) => string;
  body?: (c: Ctx) => object;
  /** What an ADMIN gets, when not 200. */
  status?: number;
}

/** Every admin call (docs/api.md, "Administrators"), each with a request an ADMIN would make. */
const ADMIN_ROUTES: Record<string, AdminRoute> = {
  'GET /api/admin/stats': { path: () => '/api/admin/stats' },
  'GET /api/admin/stats/user-growth': { path: () => '/api/admin/stats/user-growth' },
  'GET /api/users': { path: () => '/api/users' },
  'PUT /api/users/:id': { path: (c) => `/api/users/${c.victim._id}`, body: () => ({ role: 'OWNER' }) },
  'DELETE /api/users/:id': { path: (c) => `/api/users/${c.victim._id}` },
  'POST /api/admin/users/:id/verify-email': { path: (c) => `/api/admin/users/${c.victim._id}/verify-email` },
  'DELETE /admin/users': { path: () => '/admin/users', body: (c) => ({ userIds: [c.victim._id] }) },
  'DELETE /api/admin/users': { path: () => '/api/admin/users', body: (c) => ({ userIds: [c.victim._id] }) },
  'GET /api/admin/boards': { path: () => '/api/admin/boards' },
  'DELETE /api/admin/boards/:id': { path: (c) => `/api/admin/boards/${c.boardId}` },
  'DELETE /api/admin/boards': { path: () => '/api/admin/boards', body: (c) => ({ boardIds: [c.boardId] }) },
  'GET /api/admin/tokens': { path: () => '/api/admin/tokens' },
  'DELETE /api/admin/tokens/:id': { path: (c) => `/api/admin/tokens/${c.tokenId}` },
  'GET /api/admin/audit': { path: () => '/api/admin/audit' },
  'GET /api/admin/audit/verify': { path: () => '/api/admin/audit/verify' },
  'GET /api/admin/audit/export': { path: () => '/api/admin/audit/export' },
  'GET /api/admin/settings': { path: () => '/api/admin/settings' },
  'PUT /api/admin/settings': {
    path: () => '/api/admin/settings',
    body: () => ({
      registration: 'open',
      allowedEmailDomains: [],
      announcement: null,
      requireTwoFactorForAdmins: false,
    }),
  },
  'POST /api/admin/invites': {
    path: () => '/api/admin/invites',
    body: (c) => ({ email: `invited-${c.victim._id}@example.com` }),
    status: 201,
  },
  'GET /api/admin/health': { path: () => '/api/admin/health' },
};

const methodOf = (route: string) => route.split(' ')[0].toLowerCase() as 'get' | 'put' | 'post' | 'delete';

describe('admin calls are for ADMIN only', () => {
  let t: TestApp;
  let admin: TestUser;
  let callers: Record<Exclude<Caller, 'visitor'>, TestUser>;

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
    callers = {
      member: await createUserWithRole(t, 'MEMBER'),
      ownerRole: await createUserWithRole(t, 'OWNER'),
    };
  });
  afterAll(() => t.close());

  async function ctx(): Promise<Ctx> {
    const victim = await createUser(t, { name: 'Victim' });
    const token = await t.http
      .post('/api/tokens')
      .set(victim.auth)
      .send({ name: 'Bot', scopes: ['boards:read'] });
    return { victim, boardId: (await createBoard(t, victim, 'Target'))._id, tokenId: token.body._id };
  }

  function call(route: string, rule: AdminRoute, c: Ctx, auth?: { Authorization: string }) {
    const req = t.http[methodOf(route)](rule.path(c));
    if (auth) req.set(auth);
    return rule.body ? req.send(rule.body(c)) : req;
  }

  it('lists every admin route the app exposes', () => {
    const isAdmin = (r: string) =>
      r.includes('/admin') || /^(GET \/api\/users|(PUT|DELETE) \/api\/users\/:id)$/.test(r);
    expect(listRoutes(t.app).filter(isAdmin)).toEqual(Object.keys(ADMIN_ROUTES).sort());
  });

  describe.each(Object.entries(ADMIN_ROUTES))('%s', (route, rule) => {
    it.each([
      ['visitor', 401],
      ['member', 403],
      ['ownerRole', 403],
    ] as [Caller, number][])('answers a %s %i and changes nothing', async (caller, status) => {
      const c = await ctx();
      const res = await call(route, rule, c, caller === 'visitor' ? undefined : callers[caller].auth);
      expect({ route, status: res.status }).toEqual({ route, status });
      expect(res.body).toMatchObject({ statusCode: status });
      // The victim, their role and their board are as they were.
      expect((await t.http.get('/api/auth/me').set(c.victim.auth)).body).toMatchObject({ role: 'MEMBER' });
      expect((await t.http.get(`/api/boards/${c.boardId}`).set(c.victim.auth)).status).toBe(200);
    });

    it('refuses a non-admin before reading the input (403 even for a malformed id or body)', async () => {
      const c: Ctx = {
        victim: { ...callers.member, _id: 'not-an-id' },
        boardId: 'not-an-id',
        tokenId: 'not-an-id',
      };
      const res = await call(
        route,
        { path: rule.path, body: rule.body && (() => ({})) },
        c,
        callers.member.auth,
      );
      expect(res.status).toBe(403);
    });

    it('lets an ADMIN through', async () => {
      const res = await call(route, rule, await ctx(), admin.auth);
      expect({ route, status: res.status }).toEqual({ route, status: rule.status ?? 200 });
    });
  });

  it('answers bad input with 400, never 500', async () => {
    const cases: [string, string, object | undefined][] = [
      ['put', '/api/users/not-an-id', { role: 'ADMIN' }],
      ['put', `/api/users/${UNKNOWN_ID}`, { role: 'KING' }],
      ['put', `/api/users/${UNKNOWN_ID}`, {}],
      ['delete', '/api/users/not-an-id', undefined],
      ['delete', '/api/admin/users', {}],
      ['delete', '/api/admin/users', { userIds: [] }],
      ['delete', '/api/admin/users', { userIds: ['nope'] }],
      ['delete', '/admin/users', { userIds: 'x' }],
      ['delete', '/api/admin/users', { userIds: Array.from({ length: 501 }, () => UNKNOWN_ID) }],
      ['delete', '/api/admin/boards', { boardIds: [] }],
      ['delete', '/api/admin/boards', { boardIds: [42] }],
      ['delete', '/api/admin/boards/not-an-id', undefined],
      ['get', '/api/users?limit=0', undefined],
      ['get', '/api/users?limit=1001', undefined],
      ['get', '/api/admin/boards?limit=abc', undefined],
    ];
    for (const [method, path, body] of cases) {
      const req = t.http[method as 'get' | 'put' | 'delete'](path).set(admin.auth);
      const res = await (body ? req.send(body) : req);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 400 });
    }
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await t.http
      .delete('/api/admin/users')
      .set(admin.auth)
      .set('Content-Type', 'application/json')
      .send('{"userIds": [');
    expect(res.status).toBe(400);
  });
});
