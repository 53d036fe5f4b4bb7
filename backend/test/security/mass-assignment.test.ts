import { eq, inArray } from 'drizzle-orm';
import {
  boardFields,
  boardMembers,
  boards,
  cardLabels,
  cards,
  checklistItems,
  checklists,
  comments,
  labels,
  lists,
  emailTokens,
  googleSignInCodes,
  users,
} from '../../src/database/schema';
import { hashLinkSecret, newLinkSecret } from '../../src/modules/auth/link-secrets';
import { startAdminApp } from '../admin/admin-fixtures';
import { seedBoardWorld, type BoardIds } from '../helpers/board-world';
import { createBoard, createUser, uniqueEmail, type TestUser } from '../helpers/factories';
import { fillPath, listRouteInputs } from '../helpers/route-inputs';
import { codeAt, enableTwoFactor, passwordStep } from '../identity/two-factor-helpers';
import type { TestApp } from '../helpers/test-app';

interface Ctx {
  a: BoardIds; // the caller's board
  b: BoardIds; // somebody else's board: nothing may reach it
  caller: TestUser;
  victim: TestUser;
  /** A Cookie header the call needs (the Google sign-in's state). */
  cookie?: string;
}

let t: TestApp;

/** A single-use link the server would have mailed to the caller, as its token. */
async function mailedToken(c: Ctx, purpose: 'verify' | 'reset'): Promise<string> {
  const { secret, hash } = newLinkSecret();
  await t.db.insert(emailTokens).values({
    tokenHash: hash,
    userId: c.caller._id,
    purpose,
    email: c.caller.email,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return secret;
}

/**
 * A finished Google (or single sign-on) sign-in of the caller in this browser: its code, and the
 * cookie it is bound to.
 */
async function googleCode(c: Ctx, cookie = 'papan_google_state'): Promise<string> {
  const code = newLinkSecret();
  const state = newLinkSecret();
  await t.db.insert(googleSignInCodes).values({
    codeHash: code.hash,
    userId: c.caller._id,
    stateHash: hashLinkSecret(state.secret),
    expiresAt: new Date(Date.now() + 60_000),
  });
  c.cookie = `${cookie}=${state.secret}`;
  return code.secret;
}

/** A valid body for every route that reads one; the forbidden fields are mixed in underneath. */
const VALID_BODIES: Record<string, (c: Ctx) => object | Promise<object>> = {
  'POST /api/auth/register': () => ({ name: 'New', email: uniqueEmail(), password: 'password-123' }),
  'POST /api/auth/login': (c) => ({ email: c.caller.email, password: c.caller.password }),
  'POST /api/auth/verify-email': async (c) => ({ token: await mailedToken(c, 'verify') }),
  'POST /api/auth/resend-verification': () => ({ language: 'id' }),
  'POST /api/auth/forgot-password': (c) => ({ email: c.caller.email }),
  'POST /api/auth/reset-password': async (c) => ({
    token: await mailedToken(c, 'reset'),
    password: 'a-new-password',
  }),
  'POST /api/auth/google/exchange': async (c) => ({ code: await googleCode(c) }),
  'POST /api/auth/oidc/exchange': async (c) => ({ code: await googleCode(c, 'papan_oidc_state') }),
  'POST /api/auth/2fa': async (c) => {
    const { secret } = await enableTwoFactor(t, c.caller);
    return { challenge: await passwordStep(t.http, c.caller), code: codeAt(secret) };
  },
  'POST /api/account/2fa/enable': async (c) => {
    const setup = await t.http.post('/api/account/2fa/setup').set(c.caller.auth);
    return { code: codeAt(setup.body.secret) };
  },
  'DELETE /api/account/2fa': async (c) => {
    const { secret } = await enableTwoFactor(t, c.caller);
    return { password: c.caller.password, code: codeAt(secret) };
  },
  'POST /api/boards': () => ({ title: 'Made', description: 'd' }),
  'PUT /api/boards/:id': () => ({ title: 'Renamed', linkJoining: false }),
  'POST /api/boards/:id/copy': () => ({ title: 'Copy', cards: 'all' }),
  'POST /api/boards/:id/labels': () => ({ name: 'Urgent', color: '#ff0000' }),
  'POST /api/boards/:id/lists': () => ({ title: 'New list' }),
  'POST /api/boards/:id/members': () => ({ email: uniqueEmail() }),
  'PUT /api/boards/:id/dnd': (c) => ({
    type: 'card',
    cardId: c.a.cardId,
    sourceListId: c.a.listId,
    destListId: c.a.otherListId,
    newPosition: 0,
  }),
  'POST /api/dnd/list': (c) => ({ boardId: c.a.boardId, orderedLists: [c.a.otherListId, c.a.listId] }),
  'POST /api/dnd/card': (c) => ({
    boardId: c.a.boardId,
    sourceList: { _id: c.a.listId, cards: [c.a.otherCardId] },
    destList: { _id: c.a.otherListId, cards: [c.a.cardId] },
  }),
  'PUT /api/lists/:id': () => ({ title: 'Doing' }),
  'POST /api/lists/:id/cards': () => ({ title: 'Task', description: 'x' }),
  'PUT /api/cards/:id': () => ({ title: 'Task 2', description: 'Details' }),
  'POST /api/cards/:id/labels': (c) => ({ labelId: c.a.labelId }),
  'POST /api/cards/:id/members': (c) => ({ userId: c.caller._id }),
  'POST /api/boards/:id/webhooks': () => ({
    url: 'https://hooks.example.com/papan',
    events: ['card.created'],
  }),
  'PATCH /api/boards/:id/webhooks/:hid': () => ({ active: false }),
  'POST /api/cards/:id/checklists': () => ({ title: 'QA' }),
  'POST /api/cards/:id/comments': () => ({ text: 'Nice' }),
  'PUT /api/comments/:id': () => ({ text: 'Edited' }),
  'PUT /api/labels/:id': () => ({ name: 'Renamed', color: '#00ff00' }),
  'POST /api/boards/:id/lanes': () => ({ title: 'Expedite' }),
  'PUT /api/lanes/:id': () => ({ title: 'Renamed', position: 0 }),
  'POST /api/boards/:id/fields': () => ({ name: 'Points', type: 'number', showOnCard: true }),
  'PATCH /api/fields/:id': () => ({ name: 'Renamed', showOnCard: true }),
  'POST /api/boards/:id/rules': () => ({
    name: 'R',
    trigger: { type: 'checklist.completed' },
    actions: [{ type: 'archive' }],
  }),
  'POST /api/boards/:id/rules/dry-run': () => ({
    trigger: { type: 'checklist.completed' },
    actions: [{ type: 'archive' }],
  }),
  'PATCH /api/rules/:id': () => ({ name: 'Renamed' }),
  'PUT /api/checklists/:id': () => ({ title: 'Renamed' }),
  'POST /api/checklists/:id/items': () => ({ text: 'Step two' }),
  'PUT /api/checklists/:id/items/:itemId': () => ({ isCompleted: true, text: 'Done' }),
  'PUT /api/users/change-password': (c) => ({
    currentPassword: c.caller.password,
    newPassword: c.caller.password,
  }),
  'POST /api/users/block': (c) => ({ userIdToBlock: c.victim._id }),
  'POST /api/users/unblock': (c) => ({ userIdToUnblock: c.victim._id }),
  'POST /api/contact': () => ({ name: 'Visitor', email: uniqueEmail(), message: 'Hello' }),
  'PUT /api/users/:id': () => ({ role: 'OWNER' }),
  'DELETE /admin/users': (c) => ({ userIds: [c.victim._id] }),
  'DELETE /api/admin/users': (c) => ({ userIds: [c.victim._id] }),
  'DELETE /api/admin/boards': (c) => ({ boardIds: [c.a.boardId] }),
  'POST /api/tokens': () => ({ name: 'Bot', scopes: ['boards:read'] }),
  'PUT /api/admin/settings': () => ({
    registration: 'open',
    allowedEmailDomains: [],
    announcement: null,
    requireTwoFactorForAdmins: false,
  }),
  'POST /api/admin/invites': () => ({ email: uniqueEmail('invitee') }),
};

const ADMIN_ROUTES = /^(PUT|DELETE) \/api\/users\/:id$|admin/;
/**
 * Routes whose schema refuses any key it does not name (400), rather than dropping it: a field's
 * type is never changed, and a PATCH naming `type` says so (docs/fields.md).
 */
const STRICT_ROUTES = new Set(['PATCH /api/fields/:id']);
const PAST = '2001-01-01T00:00:00.000Z';

/** Every field a client must never set, aimed at the other board, the other user and the ADMIN role. */
const forbidden = (c: Ctx) => ({
  _id: c.b.cardId,
  id: c.b.listId,
  boardId: c.b.boardId,
  listId: c.b.listId,
  cardId: c.b.cardId,
  checklistId: c.b.checklistId,
  ownerId: c.victim._id,
  userId: c.victim._id,
  role: 'ADMIN',
  provider: 'google',
  googleId: 'google-123',
  passwordHash: 'x',
  version: 999_999,
  position: -1,
  isDefault: true,
  isArchived: true,
  createdAt: PAST,
  updatedAt: PAST,
});

describe('mass assignment: forbidden fields in any body are ignored or refused', () => {
  let admin: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
    bystander = await createUser(t, { name: 'Bystander' });
  });
  afterAll(() => t.close());

  it('has a valid body for every route that reads one', () => {
    const withBody = listRouteInputs(t.app)
      .filter((r) => r.body)
      .map((r) => r.route);
    expect(withBody.filter((r) => !VALID_BODIES[r])).toEqual([]);
    expect(Object.keys(VALID_BODIES).filter((r) => !withBody.includes(r))).toEqual([]);
  });

  /** Board B as stored, everything in it: must not change whatever board A's owner sends. */
  async function snapshot(b: BoardIds) {
    const cardIds = (await t.db.select({ id: cards.id }).from(cards).where(eq(cards.boardId, b.boardId))).map(
      (r) => r.id,
    );
    const checklistIds = (
      await t.db.select({ id: checklists.id }).from(checklists).where(eq(checklists.boardId, b.boardId))
    ).map((r) => r.id);
    return JSON.stringify([
      await t.db.select().from(boards).where(eq(boards.id, b.boardId)),
      await t.db.select().from(boardMembers).where(eq(boardMembers.boardId, b.boardId)),
      await t.db.select().from(lists).where(eq(lists.boardId, b.boardId)).orderBy(lists.id),
      await t.db.select().from(cards).where(eq(cards.boardId, b.boardId)).orderBy(cards.id),
      await t.db.select().from(labels).where(eq(labels.boardId, b.boardId)).orderBy(labels.id),
      await t.db.select().from(boardFields).where(eq(boardFields.boardId, b.boardId)).orderBy(boardFields.id),
      await t.db.select().from(checklists).where(eq(checklists.boardId, b.boardId)),
      await t.db.select().from(comments).where(eq(comments.boardId, b.boardId)),
      cardIds.length ? await t.db.select().from(cardLabels).where(inArray(cardLabels.cardId, cardIds)) : [],
      checklistIds.length
        ? await t.db.select().from(checklistItems).where(inArray(checklistItems.checklistId, checklistIds))
        : [],
    ]);
  }

  /** Every row still belongs where its parent is, and no account was raised or re-homed. */
  async function expectInvariants(c: Ctx, route: string) {
    const allUsers = await t.db.select().from(users);
    expect({ route, admins: allUsers.filter((u) => u.role === 'ADMIN').map((u) => u.id) }).toEqual({
      route,
      admins: [admin._id],
    });
    expect({ route, providers: [...new Set(allUsers.map((u) => u.provider))] }).toEqual({
      route,
      providers: ['local'],
    });
    const listBoard = new Map((await t.db.select().from(lists)).map((l) => [l.id, l.boardId]));
    const allCards = await t.db.select().from(cards);
    const cardBoard = new Map(allCards.map((x) => [x.id, x.boardId]));
    const misplaced = [
      ...allCards.filter((x) => listBoard.get(x.listId) !== x.boardId).map((x) => `card ${x.id}`),
      ...(await t.db.select().from(checklists))
        .filter((x) => cardBoard.get(x.cardId) !== x.boardId)
        .map((x) => `checklist ${x.id}`),
      ...(await t.db.select().from(comments))
        .filter((x) => cardBoard.get(x.cardId) !== x.boardId)
        .map((x) => `comment ${x.id}`),
    ];
    const labelBoard = new Map((await t.db.select().from(labels)).map((l) => [l.id, l.boardId]));
    for (const cl of await t.db.select().from(cardLabels))
      if (labelBoard.get(cl.labelId) !== cardBoard.get(cl.cardId)) misplaced.push(`card label ${cl.cardId}`);
    expect({ route, misplaced }).toEqual({ route, misplaced: [] });
    const [boardA] = await t.db.select().from(boards).where(eq(boards.id, c.a.boardId));
    if (boardA) {
      expect({ route, ownerId: boardA.ownerId, isArchived: boardA.isArchived }).toEqual({
        route,
        ownerId: c.caller._id,
        isArchived: false,
      });
      expect(boardA.version).toBeLessThan(1000);
    }
    const past = new Date(PAST).getTime() + 1000;
    const stamps = [
      ...allUsers.map((u) => u.createdAt),
      ...allCards.flatMap((x) => [x.createdAt, x.updatedAt]),
      ...(await t.db.select().from(boards)).flatMap((x) => [x.createdAt, x.updatedAt]),
    ];
    expect({ route, backdated: stamps.filter((d) => d.getTime() < past).length }).toEqual({
      route,
      backdated: 0,
    });
  }

  it.each(Object.keys(VALID_BODIES))('%s ignores or refuses them', async (route) => {
    const isAdmin = ADMIN_ROUTES.test(route);
    // Resending a verification link is for an account that has not proven its address yet.
    const verified = route !== 'POST /api/auth/resend-verification';
    const caller = isAdmin ? admin : await createUser(t, { password: 'caller-password', verified });
    const victim = await createUser(t, { name: 'Victim' });
    if (route === 'POST /api/users/unblock')
      await t.http.post('/api/users/block').set(caller.auth).send({ userIdToBlock: victim._id });
    const a = await seedBoardWorld(t, caller, [bystander]);
    const b = await seedBoardWorld(t, bystander);
    const c: Ctx = { a, b, caller, victim };
    const before = await snapshot(b);

    const [method, path] = route.split(' ');
    // A webhook's own calls need one to exist on board A.
    const hid = path.includes(':hid')
      ? (
          (
            await t.http
              .post(`/api/boards/${a.boardId}/webhooks`)
              .set(caller.auth)
              .send({ url: 'https://hooks.example.com/papan' })
          ).body as { _id: string }
        )._id
      : undefined;
    const url = fillPath(path, { ...a, userId: victim._id, sessionId: a.boardId }, hid ? { hid } : {});
    const body = { ...forbidden(c), ...(await VALID_BODIES[route](c)) };
    const req = t.http[method.toLowerCase() as 'put'](url).set(caller.auth);
    const res = await (c.cookie ? req.set('Cookie', c.cookie) : req).send(body);

    // Ignored: the request does exactly what its valid fields say (zod drops unknown keys); or,
    // for a strict schema, refused whole.
    const strict = STRICT_ROUTES.has(route);
    const ok = strict ? res.status === 400 : res.status >= 200 && res.status < 300;
    expect({ route, status: res.status, ok }).toMatchObject({ ok: true });
    expect(await snapshot(b)).toEqual(before);
    await expectInvariants(c, route);
    // The answer never echoes a forbidden value as if it had been stored.
    const echoed = JSON.stringify(res.body);
    for (const leaked of ['"role":"ADMIN"', '"provider":"google"', '"version":999999', PAST])
      expect({ route, leaked: echoed.includes(leaked) }).toEqual({ route, leaked: false });
  });

  it('register: a new account is a local MEMBER with a fresh id whatever the body says', async () => {
    const c = { b: await seedBoardWorld(t, bystander), victim: bystander } as Ctx;
    const email = uniqueEmail();
    const res = await t.http.post('/api/auth/register').send({
      ...forbidden(c),
      _id: bystander._id,
      id: bystander._id,
      name: 'Eve',
      email,
      password: 'password-123',
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'MEMBER', provider: 'local', googleId: null });
    expect(row.id).not.toBe(bystander._id);
  });

  it('profile update (multipart): extra parts cannot change role, e-mail, provider or id', async () => {
    const user = await createUser(t);
    let req = t.http.put('/api/users/profile').set(user.auth).field('name', 'Still Me');
    for (const [k, v] of Object.entries({
      role: 'ADMIN',
      email: 'admin@example.com',
      provider: 'google',
      _id: bystander._id,
      id: bystander._id,
      passwordHash: 'x',
      createdAt: PAST,
    }))
      req = req.field(k, v);
    const res = await req;
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ name: 'Still Me', role: 'MEMBER', email: user.email, provider: 'local' });
    expect(row.createdAt.getTime()).toBeGreaterThan(Date.parse(PAST) + 1000);
  });

  it("nobody moves a card or list into another board by naming that board's ids", async () => {
    const owner = await createUser(t);
    const a = await seedBoardWorld(t, owner);
    const own = await createBoard(t, owner, 'Also mine');
    // Even between two boards the caller owns, a card or list update cannot re-home it.
    await t.http
      .put(`/api/cards/${a.cardId}`)
      .set(owner.auth)
      .send({ title: 'x', boardId: own._id, listId: a.otherListId });
    await t.http.put(`/api/lists/${a.listId}`).set(owner.auth).send({ title: 'x', boardId: own._id });
    const [card] = await t.db.select().from(cards).where(eq(cards.id, a.cardId));
    const [list] = await t.db.select().from(lists).where(eq(lists.id, a.listId));
    expect({ card: [card.boardId, card.listId], list: list.boardId }).toEqual({
      card: [a.boardId, a.listId],
      list: a.boardId,
    });
  });
});
