import { eq } from 'drizzle-orm';
import { cards } from '../../src/database/schema';
import { seedBoardWorld, type BoardIds } from '../helpers/board-world';
import { castOf } from '../helpers/cast';
import type { TestUser } from '../helpers/factories';
import { listRoutes } from '../helpers/routes';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { atHeaders } from '../helpers/live-answers';

type Role = 'owner' | 'member' | 'stranger';
type Outcome = 'allowed' | 'forbidden';

interface Ctx {
  a: BoardIds; // the board under test, owned by `owner`, with `member`
  b: BoardIds; // another board, owned by `stranger`
  users: Record<Role, TestUser>;
  role: Role;
}

interface Rule {
  /** Path with the ids filled in. */
  path: (c: Ctx) => string;
  body?: (c: Ctx) => object;
  member: Outcome;
  /** What a non-member gets; 'forbidden' (403) for everything but joining. */
  stranger?: Outcome;
  /**
   * A multipart upload of a small file in the field `file` (docs/api.md, "Attachments") instead of
   * a JSON body.
   */
  upload?: true;
  /**
   * A live stream (docs/api.md, "Live stream"): the answer is judged by its status, then the
   * connection is dropped.
   */
  stream?: true;
  /** What the world needs before the call, written straight into the database. */
  prepare?: (t: TestApp, c: Ctx) => Promise<void>;
  /** Requests that mix in ids of board B while addressing board A: must be refused with a 4xx. */
  mixed?: { path?: (c: Ctx) => string; body?: (c: Ctx) => object }[];
}

/**
 * Every board-scoped route with its rule (docs/product.md, "Roles and permissions"). A route the
 * app exposes that is neither here nor in NOT_BOARD_SCOPED fails the test, so a new route cannot
 * ship without a rule.
 */
const BOARD_ROUTES: Record<string, Rule> = {
  'GET /api/boards/:id': { path: (c) => `/api/boards/${c.a.boardId}`, member: 'allowed' },
  'PUT /api/boards/:id': {
    path: (c) => `/api/boards/${c.a.boardId}`,
    body: () => ({ title: 'Renamed' }),
    member: 'forbidden',
  },
  'PUT /api/boards/:id/archive': { path: (c) => `/api/boards/${c.a.boardId}/archive`, member: 'forbidden' },
  // Any member may copy the board; the copy is the copier's (docs/api.md, "Templates and board copy").
  'POST /api/boards/:id/copy': {
    path: (c) => `/api/boards/${c.a.boardId}/copy`,
    body: () => ({ title: 'Copy', cards: 'all' }),
    member: 'allowed',
  },
  'PUT /api/boards/:id/unarchive': {
    path: (c) => `/api/boards/${c.a.boardId}/unarchive`,
    member: 'forbidden',
  },
  'DELETE /api/boards/:id/permanent': {
    path: (c) => `/api/boards/${c.a.boardId}/permanent`,
    member: 'forbidden',
  },
  'PUT /api/boards/:id/toggle-pin': {
    path: (c) => `/api/boards/${c.a.boardId}/toggle-pin`,
    member: 'allowed',
  },
  'GET /api/boards/:id/export': { path: (c) => `/api/boards/${c.a.boardId}/export`, member: 'allowed' },
  'GET /api/boards/:id/labels': { path: (c) => `/api/boards/${c.a.boardId}/labels`, member: 'allowed' },
  'POST /api/boards/:id/labels': {
    path: (c) => `/api/boards/${c.a.boardId}/labels`,
    body: () => ({ name: 'Urgent', color: '#ff0000' }),
    member: 'allowed',
  },
  'GET /api/boards/:id/lists': { path: (c) => `/api/boards/${c.a.boardId}/lists`, member: 'allowed' },
  'POST /api/boards/:id/lists': {
    path: (c) => `/api/boards/${c.a.boardId}/lists`,
    body: () => ({ title: 'New' }),
    member: 'allowed',
  },
  'GET /api/boards/:id/events': {
    // Past the current version: an empty page (the seeded world has no log to catch up from).
    path: (c) => `/api/boards/${c.a.boardId}/events?after=1000000`,
    member: 'allowed',
  },
  'GET /api/boards/:id/insights': { path: (c) => `/api/boards/${c.a.boardId}/insights`, member: 'allowed' },
  'GET /api/boards/:id/forecast': {
    path: (c) => `/api/boards/${c.a.boardId}/forecast?cards=1&seed=1`,
    member: 'allowed',
    // A card done today, so there is a throughput to forecast from (else 422).
    prepare: async (t, c) => {
      await t.db.update(cards).set({ listId: c.a.otherListId }).where(eq(cards.id, c.a.otherCardId));
    },
  },
  'GET /api/boards/:id/presence': { path: (c) => `/api/boards/${c.a.boardId}/presence`, member: 'allowed' },
  'GET /api/boards/:id/stream': {
    path: (c) => `/api/boards/${c.a.boardId}/stream`,
    member: 'allowed',
    stream: true,
  },
  'GET /api/stream': {
    path: (c) => `/api/stream?boards=${c.a.boardId}`,
    member: 'allowed',
    stream: true,
    mixed: [{ path: (c) => `/api/stream?boards=${c.a.boardId},${c.b.boardId}` }],
  },
  'GET /api/boards/:id/activities': {
    path: (c) => `/api/boards/${c.a.boardId}/activities`,
    member: 'allowed',
  },
  'POST /api/cards/:id/members': {
    path: (c) => `/api/cards/${c.a.cardId}/members`,
    body: (c) => ({ userId: c.users.owner._id }),
    member: 'allowed',
    // Someone who is not on board A is never put on its cards.
    mixed: [{ body: (c) => ({ userId: c.users.stranger._id }) }],
  },
  'DELETE /api/cards/:id/members/:userId': {
    path: (c) => `/api/cards/${c.a.cardId}/members/${c.users.owner._id}`,
    member: 'allowed',
  },
  'POST /api/boards/:id/webhooks': {
    path: (c) => `/api/boards/${c.a.boardId}/webhooks`,
    body: () => ({ url: 'https://example.com/hook' }),
    member: 'forbidden',
  },
  'GET /api/boards/:id/webhooks': { path: (c) => `/api/boards/${c.a.boardId}/webhooks`, member: 'forbidden' },
  'POST /api/boards/:id/join': {
    path: (c) => `/api/boards/${c.a.boardId}/join`,
    member: 'allowed',
    stranger: 'allowed',
  },
  'POST /api/boards/:id/members': {
    path: (c) => `/api/boards/${c.a.boardId}/members`,
    body: () => ({ email: 'someone-else@example.com' }),
    member: 'forbidden',
  },
  'DELETE /api/boards/:id/members/:userId': {
    path: (c) => `/api/boards/${c.a.boardId}/members/${c.users.member._id}`,
    member: 'forbidden',
  },
  'PUT /api/boards/:id/dnd': {
    path: (c) => `/api/boards/${c.a.boardId}/dnd`,
    body: (c) => ({
      type: 'card',
      cardId: c.a.cardId,
      sourceListId: c.a.listId,
      destListId: c.a.otherListId,
      newPosition: 0,
    }),
    member: 'allowed',
    mixed: [
      {
        body: (c) => ({
          type: 'card',
          cardId: c.a.cardId,
          sourceListId: c.a.listId,
          destListId: c.b.listId,
          newPosition: 0,
        }),
      },
      {
        body: (c) => ({
          type: 'card',
          cardId: c.a.cardId,
          sourceListId: c.a.listId,
          destListId: c.a.otherListId,
          destLaneId: c.b.laneId,
          newPosition: 0,
        }),
      },
      {
        body: (c) => ({
          type: 'card',
          cardId: c.b.cardId,
          sourceListId: c.b.listId,
          destListId: c.a.listId,
          newPosition: 0,
        }),
      },
      {
        body: (c) => ({
          type: 'lists',
          lists: [
            { _id: c.a.listId, position: 1 },
            { _id: c.b.listId, position: 2 },
          ],
        }),
      },
    ],
  },
  'POST /api/dnd/list': {
    path: () => '/api/dnd/list',
    body: (c) => ({ boardId: c.a.boardId, orderedLists: [c.a.otherListId, c.a.listId] }),
    member: 'allowed',
    mixed: [
      { body: (c) => ({ boardId: c.a.boardId, orderedLists: [c.a.otherListId, c.a.listId, c.b.listId] }) },
    ],
  },
  'POST /api/dnd/card': {
    path: () => '/api/dnd/card',
    body: (c) => ({
      boardId: c.a.boardId,
      sourceList: { _id: c.a.listId, cards: [c.a.otherCardId] },
      destList: { _id: c.a.otherListId, cards: [c.a.cardId] },
    }),
    member: 'allowed',
    mixed: [
      {
        body: (c) => ({
          boardId: c.a.boardId,
          sourceList: { _id: c.a.listId, cards: [c.a.otherCardId] },
          destList: { _id: c.b.listId, cards: [c.a.cardId, c.b.cardId] },
        }),
      },
      {
        body: (c) => ({
          boardId: c.a.boardId,
          sourceList: { _id: c.a.listId, cards: [c.a.cardId, c.a.otherCardId] },
          destList: { _id: c.a.otherListId, cards: [c.b.cardId] },
        }),
      },
    ],
  },
  'PUT /api/lists/:id': {
    path: (c) => `/api/lists/${c.a.listId}`,
    body: () => ({ title: 'Doing' }),
    member: 'allowed',
  },
  'DELETE /api/lists/:id': { path: (c) => `/api/lists/${c.a.listId}`, member: 'allowed' },
  'GET /api/lists/:id/cards': { path: (c) => `/api/lists/${c.a.listId}/cards`, member: 'allowed' },
  'POST /api/lists/:id/cards': {
    path: (c) => `/api/lists/${c.a.listId}/cards`,
    body: () => ({ title: 'Task' }),
    member: 'allowed',
    mixed: [
      { body: (c) => ({ title: 'Task', laneId: c.b.laneId }) },
      // Another board's card is never this board's template.
      { body: (c) => ({ templateId: c.b.cardId }) },
    ],
  },
  'PUT /api/cards/:id': {
    path: (c) => `/api/cards/${c.a.cardId}`,
    body: () => ({ description: 'Details' }),
    member: 'allowed',
    // Board B's image is never board A's cover, nor its field board A's.
    mixed: [
      { body: (c) => ({ coverAttachmentId: c.b.attachmentId }) },
      { body: (c) => ({ fields: { [c.b.fieldId]: c.b.optionId } }) },
    ],
  },
  'POST /api/cards/:id/attachments': {
    path: (c) => `/api/cards/${c.a.cardId}/attachments`,
    upload: true,
    member: 'allowed',
  },
  'GET /api/cards/:id/attachments': {
    path: (c) => `/api/cards/${c.a.cardId}/attachments`,
    member: 'allowed',
  },
  'GET /api/attachments/:id': { path: (c) => `/api/attachments/${c.a.attachmentId}`, member: 'allowed' },
  'GET /api/attachments/:id/thumbnail': {
    path: (c) => `/api/attachments/${c.a.attachmentId}/thumbnail`,
    member: 'allowed',
  },
  'DELETE /api/attachments/:id': { path: (c) => `/api/attachments/${c.a.attachmentId}`, member: 'allowed' },
  'DELETE /api/cards/:id': { path: (c) => `/api/cards/${c.a.cardId}`, member: 'allowed' },
  'POST /api/cards/:id/copy': { path: (c) => `/api/cards/${c.a.cardId}/copy`, member: 'allowed' },
  'POST /api/cards/:id/labels': {
    path: (c) => `/api/cards/${c.a.otherCardId}/labels`,
    body: (c) => ({ labelId: c.a.labelId }),
    member: 'allowed',
    mixed: [{ body: (c) => ({ labelId: c.b.labelId }) }],
  },
  'DELETE /api/cards/:id/labels/:labelId': {
    path: (c) => `/api/cards/${c.a.cardId}/labels/${c.a.labelId}`,
    member: 'allowed',
    mixed: [{ path: (c) => `/api/cards/${c.a.cardId}/labels/${c.b.labelId}` }],
  },
  'GET /api/cards/:id/history': { path: (c) => `/api/cards/${c.a.cardId}/history`, member: 'allowed' },
  'GET /api/cards/:id/checklists': { path: (c) => `/api/cards/${c.a.cardId}/checklists`, member: 'allowed' },
  'POST /api/cards/:id/checklists': {
    path: (c) => `/api/cards/${c.a.cardId}/checklists`,
    body: () => ({ title: 'QA' }),
    member: 'allowed',
  },
  'GET /api/cards/:id/comments': { path: (c) => `/api/cards/${c.a.cardId}/comments`, member: 'allowed' },
  'POST /api/cards/:id/comments': {
    path: (c) => `/api/cards/${c.a.cardId}/comments`,
    body: () => ({ text: 'Nice' }),
    member: 'allowed',
  },
  // The comment was written by the owner: only its author may edit or delete it.
  'PUT /api/comments/:id': {
    path: (c) => `/api/comments/${c.a.commentId}`,
    body: () => ({ text: 'Edited' }),
    member: 'forbidden',
  },
  'DELETE /api/comments/:id': { path: (c) => `/api/comments/${c.a.commentId}`, member: 'forbidden' },
  'POST /api/boards/:id/lanes': {
    path: (c) => `/api/boards/${c.a.boardId}/lanes`,
    body: () => ({ title: 'Expedite' }),
    member: 'allowed',
  },
  'PUT /api/lanes/:id': {
    path: (c) => `/api/lanes/${c.a.laneId}`,
    body: () => ({ title: 'Renamed', position: 0 }),
    member: 'allowed',
  },
  'DELETE /api/lanes/:id': { path: (c) => `/api/lanes/${c.a.laneId}`, member: 'allowed' },
  // Custom fields: any member, as labels (docs/fields.md).
  'POST /api/boards/:id/fields': {
    path: (c) => `/api/boards/${c.a.boardId}/fields`,
    body: () => ({ name: 'Points', type: 'number' }),
    member: 'allowed',
  },
  'PATCH /api/fields/:id': {
    path: (c) => `/api/fields/${c.a.fieldId}`,
    body: () => ({ name: 'Renamed', position: 0 }),
    member: 'allowed',
  },
  'DELETE /api/fields/:id': { path: (c) => `/api/fields/${c.a.fieldId}`, member: 'allowed' },
  // Rules: the owner edits them, members see them, their runs and dry-runs (docs/automation.md).
  'GET /api/boards/:id/rules': { path: (c) => `/api/boards/${c.a.boardId}/rules`, member: 'allowed' },
  'POST /api/boards/:id/rules': {
    path: (c) => `/api/boards/${c.a.boardId}/rules`,
    body: () => ({ name: 'R', trigger: { type: 'checklist.completed' }, actions: [{ type: 'archive' }] }),
    member: 'forbidden',
  },
  'POST /api/boards/:id/rules/dry-run': {
    path: (c) => `/api/boards/${c.a.boardId}/rules/dry-run`,
    body: () => ({ trigger: { type: 'checklist.completed' }, actions: [{ type: 'archive' }] }),
    member: 'allowed',
  },
  'PATCH /api/rules/:id': {
    path: (c) => `/api/rules/${c.a.ruleId}`,
    body: () => ({ name: 'Renamed' }),
    member: 'forbidden',
  },
  'DELETE /api/rules/:id': { path: (c) => `/api/rules/${c.a.ruleId}`, member: 'forbidden' },
  'GET /api/rules/:id/runs': { path: (c) => `/api/rules/${c.a.ruleId}/runs`, member: 'allowed' },
  'POST /api/rules/:id/dry-run': { path: (c) => `/api/rules/${c.a.ruleId}/dry-run`, member: 'allowed' },
  'PUT /api/labels/:id': {
    path: (c) => `/api/labels/${c.a.labelId}`,
    body: () => ({ name: 'Renamed' }),
    member: 'allowed',
  },
  'DELETE /api/labels/:id': { path: (c) => `/api/labels/${c.a.labelId}`, member: 'allowed' },
  'PUT /api/checklists/:id': {
    path: (c) => `/api/checklists/${c.a.checklistId}`,
    body: () => ({ title: 'Renamed' }),
    member: 'allowed',
  },
  'DELETE /api/checklists/:id': { path: (c) => `/api/checklists/${c.a.checklistId}`, member: 'allowed' },
  'POST /api/checklists/:id/items': {
    path: (c) => `/api/checklists/${c.a.checklistId}/items`,
    body: () => ({ text: 'Step two' }),
    member: 'allowed',
  },
  'PUT /api/checklists/:id/items/:itemId': {
    path: (c) => `/api/checklists/${c.a.checklistId}/items/${c.a.itemId}`,
    body: () => ({ isCompleted: true }),
    member: 'allowed',
    mixed: [{ path: (c) => `/api/checklists/${c.a.checklistId}/items/${c.b.itemId}` }],
  },
  'DELETE /api/checklists/:id/items/:itemId': {
    path: (c) => `/api/checklists/${c.a.checklistId}/items/${c.a.itemId}`,
    member: 'allowed',
    mixed: [{ path: (c) => `/api/checklists/${c.a.checklistId}/items/${c.b.itemId}` }],
  },
};

/** Routes that address no board by id: each says why it needs no board rule. */
const NOT_BOARD_SCOPED: Record<string, string> = {
  'GET /api/health': 'public',
  'GET /api/metrics': 'operators only: loopback, METRICS_ALLOW or METRICS_TOKEN (test/ops/metrics.test.ts)',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/providers': 'public: which sign-in buttons to show',
  'GET /api/auth/google': 'public: starts Google sign-in, no board involved',
  'GET /api/auth/google/callback': 'public: ends Google sign-in (state-checked), no board involved',
  'GET /api/auth/google/popup.js': 'public: a static script',
  'GET /api/auth/me': "the caller's own user",
  'POST /api/auth/verify-email': 'public: a single-use link, no board involved',
  'POST /api/auth/resend-verification': "the caller's own address",
  'POST /api/auth/forgot-password': 'public: same answer for every address',
  'POST /api/auth/reset-password': 'public: a single-use link, no board involved',
  'POST /api/auth/google/exchange': "public: a one-time code bound to the browser's sign-in state",
  'POST /api/auth/2fa': "public: a sign-in's challenge and its second factor, no board involved",
  'GET /api/auth/oidc': 'public: starts single sign-on, no board involved',
  'GET /api/auth/oidc/callback':
    'public: ends single sign-on (state, nonce and PKCE checked), no board involved',
  'POST /api/auth/oidc/exchange': "public: a one-time code bound to the browser's sign-in",
  'POST /api/account/2fa/setup': "the caller's own two-factor sign-in",
  'POST /api/account/2fa/enable': "the caller's own two-factor sign-in",
  'DELETE /api/account/2fa': "the caller's own two-factor sign-in",
  'GET /api/boards': "the caller's boards",
  'POST /api/boards': 'creates a board the caller owns',
  'POST /api/boards/import': 'creates a board the caller owns from a file (test/board-transfer)',
  'GET /api/boards/archived': "the caller's own archived boards",
  'GET /api/activities': "activities of the caller's boards only",
  'GET /api/notifications': "the caller's own notifications",
  'POST /api/notifications/mark-as-read': "the caller's own notifications",
  'GET /api/users/me': "the caller's own user",
  'PUT /api/users/profile': "the caller's own profile",
  'PUT /api/users/change-password': "the caller's own password",
  'POST /api/users/block': "the caller's own block list",
  'POST /api/users/unblock': "the caller's own block list",
  'GET /api/users/blocked': "the caller's own block list",
  'DELETE /api/users/me': "the caller's own account",
  'GET /api/sessions': "the caller's own login sessions",
  'DELETE /api/sessions/:id':
    "only the caller's own login sessions (404 otherwise, tested in account suites)",
  'POST /api/contact': 'public',
  'GET /api/search': "finds cards of the caller's boards only (test/planning/search.test.ts)",
  'GET /api/openapi.json': 'public: the API description',
  'GET /api/docs': 'public: the API description, rendered',
  'GET /api/docs/docs.js': 'public: a static script',
  'POST /api/tokens':
    "creates a token of the caller's; boards they are not a member of are 400 (test/api-tokens)",
  'GET /api/tokens': "the caller's own API tokens",
  'DELETE /api/tokens/:id': "only the caller's own API tokens (404 otherwise, test/api-tokens)",
  'POST /api/undo/:token':
    "only the deleter's own token (403 otherwise), then board membership (403) and the board's lock (test/undo)",
  'PATCH /api/boards/:id/webhooks/:hid':
    'owner only, every call by owner, member and stranger in test/webhooks/webhooks-crud.test.ts',
  'DELETE /api/boards/:id/webhooks/:hid':
    'owner only, every call by owner, member and stranger in test/webhooks/webhooks-crud.test.ts',
  'POST /api/boards/:id/webhooks/:hid/test':
    'owner only, every call by owner, member and stranger in test/webhooks/webhooks-crud.test.ts',
  'GET /api/boards/:id/webhooks/:hid/deliveries':
    'owner only, every call by owner, member and stranger in test/webhooks/webhooks-crud.test.ts',
  'GET /api/admin/stats': 'ADMIN only, tested in admin suites',
  'GET /api/admin/stats/user-growth': 'ADMIN only, tested in admin suites',
  'GET /api/users': 'ADMIN only, tested in admin suites',
  'PUT /api/users/:id': 'ADMIN only, tested in admin suites',
  'DELETE /api/users/:id': 'ADMIN only, tested in admin suites',
  'POST /api/admin/users/:id/verify-email': 'ADMIN only, tested in admin suites',
  'DELETE /admin/users': 'ADMIN only, tested in admin suites',
  'DELETE /api/admin/users': 'ADMIN only, tested in admin suites',
  'GET /api/admin/boards': 'ADMIN only, tested in admin suites',
  'DELETE /api/admin/boards/:id': 'ADMIN only, tested in admin suites',
  'DELETE /api/admin/boards': 'ADMIN only, tested in admin suites',
  'GET /api/admin/tokens': 'ADMIN only, tested in test/api-tokens/token-access.test.ts',
  'GET /api/admin/audit': 'ADMIN only (test/admin/admin-access.test.ts, test/governance/audit-log.test.ts)',
  'GET /api/admin/audit/verify':
    'ADMIN only (test/admin/admin-access.test.ts, test/governance/audit-log.test.ts)',
  'GET /api/admin/audit/export':
    'ADMIN only (test/admin/admin-access.test.ts, test/governance/audit-log.test.ts)',
  'GET /api/admin/settings': 'ADMIN only (test/admin/admin-access.test.ts)',
  'PUT /api/admin/settings': 'ADMIN only (test/admin/admin-access.test.ts)',
  'POST /api/admin/invites': 'ADMIN only (test/admin/admin-access.test.ts)',
  'GET /api/admin/health': 'ADMIN only (test/admin/admin-access.test.ts)',
  'GET /api/settings/public': 'public: what the sign-in and register pages offer, no board involved',
  'POST /api/auth/logout': "the caller's own login session",
  'DELETE /api/admin/tokens/:id': 'ADMIN only, tested in test/api-tokens/token-access.test.ts',
};

const methodOf = (route: string) => route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'put' | 'delete';

describe('board authorization on every route', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;

  beforeAll(async () => {
    t = await startTestApp();
    users = await castOf(t);
  });
  afterAll(() => t.close());

  it('has a rule for every route the app exposes', () => {
    const known = new Set([...Object.keys(BOARD_ROUTES), ...Object.keys(NOT_BOARD_SCOPED)]);
    const exposed = listRoutes(t.app);
    expect(exposed.filter((r) => !known.has(r))).toEqual([]);
    expect([...known].filter((r) => !exposed.includes(r))).toEqual([]);
  });

  async function world(role: Role): Promise<Ctx> {
    const a = await seedBoardWorld(t, users.owner, [users.member]);
    const b = await seedBoardWorld(t, users.stranger);
    return { a, b, users, role };
  }

  async function call(route: string, rule: Pick<Rule, 'path' | 'body'>, c: Ctx) {
    const req = t.http[methodOf(route)](rule.path(c)).set(c.users[c.role].auth);
    if (BOARD_ROUTES[route]?.stream) return atHeaders(req);
    if (BOARD_ROUTES[route]?.upload) return req.attach('file', Buffer.from('notes'), 'notes.txt');
    return rule.body ? req.send(rule.body(c)) : req;
  }

  describe.each(Object.entries(BOARD_ROUTES))('%s', (route, rule) => {
    it.each(['owner', 'member', 'stranger'] as Role[])('as %s', async (role) => {
      const c = await world(role);
      await rule.prepare?.(t, c);
      const res = await call(route, rule, c);
      const expected: Outcome =
        role === 'owner' ? 'allowed' : role === 'member' ? rule.member : (rule.stranger ?? 'forbidden');
      if (expected === 'allowed') {
        expect({
          route,
          success: res.status >= 200 && res.status < 300,
          status: res.status,
          body: res.body,
        }).toMatchObject({
          success: true,
        });
      } else expect({ route, status: res.status }).toEqual({ route, status: 403 });
    });

    it("refuses the owner of board A reaching board B's ids", async () => {
      const c = await world('owner');
      const swapped: Ctx = { ...c, a: c.b };
      const res = await call(route, rule, swapped);
      if (route === 'POST /api/boards/:id/join') return expect(res.status).toBeLessThan(300); // link joining is on
      expect({ route, status: res.status }).toEqual({ route, status: 403 });
    });

    if (rule.mixed) {
      it.each(rule.mixed.map((m, i) => [i, m] as const))(
        'refuses ids of another board mixed in (#%i)',
        async (_i, mixed) => {
          const c = await world('owner');
          const res = await call(route, { path: mixed.path ?? rule.path, body: mixed.body ?? rule.body }, c);
          expect({ route, refused: res.status >= 400 && res.status < 500, status: res.status }).toMatchObject(
            { refused: true },
          );
        },
      );
    }
  });
});
