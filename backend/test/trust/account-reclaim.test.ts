import type { CreatedApiToken, Notification } from '@papan/shared';
import { AdminSeeder } from '../../src/modules/users/admin-seeder';
import {
  createBoard,
  createUser,
  login,
  markVerified,
  uniqueEmail,
  type TestUser,
} from '../helpers/factories';
import { linkToken, MailCatcher } from '../helpers/mail-catcher';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { completeSignIn, FakeGoogle } from '../google/google-provider';
import { SseClient } from '../stream/sse-client';
import { waitFor, WebhookReceiver } from '../webhooks/webhook-receiver';

const APP_ORIGIN = 'http://papan.test';
const OWNER_PASSWORD = 'the-real-owner-password';

/**
 * docs/security.md section 14, finding 1: someone registers the victim's address without proving it
 * (possible where REQUIRE_VERIFIED_EMAIL=false) and hands themselves an API token, a webhook and an
 * invitation. Whichever way the real owner takes the account back, none of it survives.
 */
describe('an account taken back keeps nothing of whoever held it', () => {
  let t: TestApp;
  let url: string;
  let google: FakeGoogle;
  let mail: MailCatcher;
  let receiver: WebhookReceiver;
  const open: SseClient[] = [];

  beforeAll(async () => {
    google = await FakeGoogle.start();
    mail = await MailCatcher.start();
    receiver = await WebhookReceiver.start();
    t = await startTestApp({
      appOrigin: APP_ORIGIN,
      google: google.config(),
      // The operator turned proof off: squatters can hand themselves credentials.
      mail: { smtpUrl: mail.url, from: 'Papan <no-reply@papan.test>', requireVerifiedEmail: false },
      webhooks: { allowPrivate: true, retryDelaysMs: [100], timeoutMs: 1_000, pollMs: 100 },
    });
    url = await listen(t);
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await t.close();
    await Promise.all([google.stop(), mail.stop(), receiver.close()]);
  });

  /** The squatter's kit: a board, a write token streaming it, a webhook on it, an invitation from it. */
  async function squat(path: string) {
    const squatter = await createUser(t, { email: uniqueEmail('victim'), verified: false });
    const board = await createBoard(t, squatter, 'Squatted');
    const created = await t.http
      .post('/api/tokens')
      .set(squatter.auth)
      .send({ name: 'kept', scopes: ['boards:read', 'boards:write', 'events:read'] });
    expect(created.status).toBe(201);
    const token = created.body as CreatedApiToken;
    const bearer = { Authorization: `Bearer ${token.token}` };
    const hook = await t.http
      .post(`/api/boards/${board._id}/webhooks`)
      .set(squatter.auth)
      .send({ url: receiver.url(path) });
    expect(hook.status).toBe(201);
    const accomplice = uniqueEmail('accomplice');
    const invited = await t.http
      .post(`/api/boards/${board._id}/members`)
      .set(squatter.auth)
      .send({ email: accomplice });
    expect(invited.body).toMatchObject({ pending: true });
    const stream = await SseClient.open(`${url}/api/boards/${board._id}/stream`, bearer);
    open.push(stream);
    expect(stream.status).toBe(200);
    // Everything works for the squatter until the owner comes.
    const list = await t.http.post(`/api/boards/${board._id}/lists`).set(bearer).send({ title: 'Mine' });
    expect(list.status).toBe(201);
    await stream.waitForEvent((e) => e.type === 'list.created');
    await receiver.waitFor(1, (r) => r.path === path);
    return { squatter, board, bearer, stream, accomplice, hookId: (hook.body as { _id: string })._id };
  }

  const reclaims: [string, (squatter: TestUser) => Promise<TestUser>][] = [
    [
      'Google sign-in with the address Google verified',
      async (squatter) => {
        google.person = { sub: `google-${Date.now()}`, email: squatter.email, email_verified: true };
        const { token } = await completeSignIn(t);
        return { ...squatter, token, auth: { Authorization: `Bearer ${token}` } };
      },
    ],
    [
      'the ADMIN_EMAIL seeder',
      async (squatter) => {
        t.config.admin = { email: squatter.email, password: OWNER_PASSWORD, name: 'Operator' };
        await t.app.get(AdminSeeder).onApplicationBootstrap();
        t.config.admin = null;
        return login(t, squatter.email, OWNER_PASSWORD);
      },
    ],
    [
      'a password reset by mail',
      async (squatter) => {
        // The first message to the address was the squatter's verification link, never opened.
        await mail.waitFor(squatter.email, 1);
        await t.http.post('/api/auth/forgot-password').send({ email: squatter.email });
        const message = await mail.waitFor(squatter.email, 2);
        const reset = await t.http
          .post('/api/auth/reset-password')
          .send({ token: linkToken(message.link), password: OWNER_PASSWORD });
        expect(reset.status).toBe(200);
        return login(t, squatter.email, OWNER_PASSWORD);
      },
    ],
  ];

  it.each(reclaims)(
    'after %s: the token is refused, its stream ends, the webhook is off and the invitation gone',
    async (_how, reclaim) => {
      const path = `/squatter-${receiver.received.length}`;
      const { squatter, board, bearer, stream, accomplice, hookId } = await squat(path);

      const started = Date.now();
      const owner = await reclaim(squatter);

      await stream.waitForEnd(5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The token neither reads nor writes the owner's boards, old or new.
      const fresh = await createBoard(t, owner, "The owner's new board");
      expect((await t.http.get('/api/boards').set(bearer)).status).toBe(401);
      expect(
        (await t.http.post(`/api/boards/${fresh._id}/lists`).set(bearer).send({ title: 'x' })).status,
      ).toBe(401);
      expect((await t.http.get(`/api/boards/${board._id}`).set(bearer)).status).toBe(401);
      expect((await t.http.get('/api/tokens').set(owner.auth)).body).toMatchObject({ tokens: [] });
      // The webhook is off and its owner was told; a webhook the owner adds now still delivers.
      const hooks = (await t.http.get(`/api/boards/${board._id}/webhooks`).set(owner.auth)).body as {
        webhooks: { _id: string; active: boolean }[];
      };
      expect(hooks.webhooks).toEqual([expect.objectContaining({ _id: hookId, active: false })]);
      const notes = (await t.http.get('/api/notifications').set(owner.auth)).body as Notification[];
      expect(notes).toContainEqual(
        expect.objectContaining({ template: 'webhookRevoked', boardId: board._id }),
      );
      const before = receiver.received.filter((r) => r.path === path).length;
      const ownerPath = `${path}-owner`;
      const added = await t.http
        .post(`/api/boards/${board._id}/webhooks`)
        .set(owner.auth)
        .send({ url: receiver.url(ownerPath) });
      expect(added.status).toBe(201);
      await t.http.post(`/api/boards/${board._id}/lists`).set(owner.auth).send({ title: 'Ours' });
      await receiver.waitFor(1, (r) => r.path === ownerPath);
      expect(receiver.received.filter((r) => r.path === path)).toHaveLength(before);
      // The invitation the squatter sent was withdrawn: the accomplice gets nothing by registering.
      const helper = await createUser(t, { email: accomplice });
      expect((await t.http.get(`/api/boards/${board._id}`).set(helper.auth)).status).toBe(403);
    },
  );

  describe('PUT /api/users/change-password', () => {
    async function withToken() {
      const user = await createUser(t);
      const other = await login(t, user.email, user.password);
      const created = await t.http
        .post('/api/tokens')
        .set(user.auth)
        .send({ name: 'ci', scopes: ['boards:read'] });
      const bearer = { Authorization: `Bearer ${(created.body as CreatedApiToken).token}` };
      expect((await t.http.get('/api/boards').set(bearer)).status).toBe(200);
      return { user, other, bearer };
    }
    const change = (user: TestUser, extra: object = {}) =>
      t.http
        .put('/api/users/change-password')
        .set(user.auth)
        .send({ currentPassword: user.password, newPassword: 'a brand new secret', ...extra });

    it('signs out everywhere and revokes tokens by default, keeping the session that asked', async () => {
      const { user, other, bearer } = await withToken();

      expect((await change(user)).status).toBe(200);

      expect((await t.http.get('/api/boards').set(bearer)).status).toBe(401);
      expect((await t.http.get('/api/users/me').set(other.auth)).status).toBe(401);
      expect((await t.http.get('/api/users/me').set(user.auth)).status).toBe(200);
    });

    it('keeps the other sessions and the tokens when asked to', async () => {
      const { user, other, bearer } = await withToken();

      expect((await change(user, { signOutEverywhere: false })).status).toBe(200);

      expect((await t.http.get('/api/boards').set(bearer)).status).toBe(200);
      expect((await t.http.get('/api/users/me').set(other.auth)).status).toBe(200);
    });

    it('answers 400 naming the field for a signOutEverywhere that is not a boolean', async () => {
      const { user } = await withToken();
      const res = await change(user, { signOutEverywhere: 'yes' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/signOutEverywhere/);
    });
  });
});

describe('an account that has not proven its address (the default install)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      webhooks: { allowPrivate: true, retryDelaysMs: [100], timeoutMs: 1_000, pollMs: 60_000 },
    });
  });
  afterAll(() => t.close());

  it('cannot create API tokens or webhooks (403), and can once it has', async () => {
    expect(t.config.mail.requireVerifiedEmail).toBe(true);
    const user = await createUser(t, { verified: false });
    const board = await createBoard(t, user);
    const token = () =>
      t.http
        .post('/api/tokens')
        .set(user.auth)
        .send({ name: 'x', scopes: ['boards:read'] });
    const hook = () =>
      t.http.post(`/api/boards/${board._id}/webhooks`).set(user.auth).send({ url: 'http://127.0.0.1:9/h' });

    for (const res of [await token(), await hook()]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Confirm your e-mail address before creating/);
    }
    expect((await t.http.get('/api/tokens').set(user.auth)).body).toMatchObject({ tokens: [] });
    expect((await t.http.get(`/api/boards/${board._id}/webhooks`).set(user.auth)).body).toEqual({
      webhooks: [],
    });

    await markVerified(t, user.email);
    expect((await token()).status).toBe(201);
    expect((await hook()).status).toBe(201);
  });

  it("keeps an owner's invitation to an unverified account pending, and says so", async () => {
    const owner = await createUser(t);
    const squatter = await createUser(t, { verified: false });
    const board = await createBoard(t, owner);

    const res = await t.http
      .post(`/api/boards/${board._id}/members`)
      .set(owner.auth)
      .send({ email: squatter.email });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pending: true });
    expect((await t.http.get(`/api/boards/${board._id}`).set(squatter.auth)).status).toBe(403);
    await markVerified(t, squatter.email);
    await waitFor(async () =>
      (await t.http.get(`/api/boards/${board._id}`).set(squatter.auth)).status === 200 ? true : null,
    );
  });
});
