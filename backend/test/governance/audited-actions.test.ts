import { eq } from 'drizzle-orm';
import { users } from '../../src/database/schema';
import { AuditService } from '../../src/modules/audit/audit.service';
import { createUserWithRole, ADMIN_PASSWORD } from '../admin/admin-fixtures';
import { createBoard, createUser, login, uniqueEmail, type TestUser } from '../helpers/factories';
import { linkToken, startAppWithMail, type MailCatcher } from '../helpers/mail-catcher';
import type { TestApp } from '../helpers/test-app';
import { WebhookReceiver } from '../webhooks/webhook-receiver';
import { auditRows, lastAudit, SETTINGS_OPEN, TEST_AGENT } from './governance-fixtures';

describe(`${AuditService.name}: every audited action writes its row`, () => {
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  let admin: TestUser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const email = uniqueEmail('root');
    ({ t, mail, close } = await startAppWithMail(
      { webhooks: { allowPrivate: true, retryDelaysMs: [60_000], timeoutMs: 2_000, pollMs: 60_000 } },
      { ADMIN_EMAIL: email, ADMIN_PASSWORD, ADMIN_NAME: 'Root' },
    ));
    admin = await login(t, email, ADMIN_PASSWORD);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await close();
    await receiver.close();
  });

  const as = (user: TestUser) => ({ ...user.auth, 'User-Agent': TEST_AGENT });

  it('account.registered: the new account, its address and the request', async () => {
    const email = uniqueEmail('newcomer');
    const res = await t.http
      .post('/api/auth/register')
      .set('User-Agent', TEST_AGENT)
      .send({ name: 'New', email, password: 'correct horse' });
    expect(res.status).toBe(201);
    expect(await lastAudit(t, 'account.registered')).toMatchObject({
      actorId: res.body.user._id,
      actorEmail: email,
      userAgent: TEST_AGENT,
      ip: expect.stringMatching(/127\.0\.0\.1/),
      targetType: 'user',
      targetId: res.body.user._id,
      details: { provider: 'local', invited: false },
    });
  });

  it('auth.signin: a password sign-in names its session', async () => {
    const user = await createUser(t);
    const res = await t.http.post('/api/auth/login').set('User-Agent', TEST_AGENT).send({
      email: user.email,
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(await lastAudit(t, 'auth.signin')).toMatchObject({
      actorId: user._id,
      actorEmail: user.email,
      userAgent: TEST_AGENT,
      action: 'auth.signin',
      targetType: 'session',
      details: { method: 'password' },
    });
  });

  it('auth.signin.failed: a wrong password names the account, an unknown address names nobody', async () => {
    const user = await createUser(t);
    await t.http.post('/api/auth/login').send({ email: user.email, password: 'wrong password' }).expect(401);
    expect(await lastAudit(t, 'auth.signin.failed')).toMatchObject({
      actorId: user._id,
      details: { method: 'password', email: user.email },
    });
    const nobody = uniqueEmail('nobody');
    await t.http.post('/api/auth/login').send({ email: nobody, password: 'whatever' }).expect(401);
    expect(await lastAudit(t, 'auth.signin.failed')).toMatchObject({
      actorId: null,
      actorEmail: null,
      details: { method: 'password', email: nobody },
    });
  });

  it('auth.signout: Log out ends the session in use and says so', async () => {
    const user = await createUser(t);
    const res = await t.http.post('/api/auth/logout').set(as(user));
    expect(res.status).toBe(200);
    expect((await t.http.get('/api/auth/me').set(user.auth)).status).toBe(401);
    expect(await lastAudit(t, 'auth.signout')).toMatchObject({ actorId: user._id, userAgent: TEST_AGENT });
  });

  it('auth.session.revoked: ending another session of one’s own', async () => {
    const user = await createUser(t);
    const other = await login(t, user.email, user.password);
    const sessions = await t.http.get('/api/sessions').set(user.auth);
    const target = sessions.body.find((s: { current: boolean }) => !s.current);
    await t.http.delete(`/api/sessions/${target._id}`).set(as(user)).expect(200);
    expect((await t.http.get('/api/auth/me').set(other.auth)).status).toBe(401);
    expect(await lastAudit(t, 'auth.session.revoked')).toMatchObject({
      actorId: user._id,
      targetType: 'session',
      targetId: target._id,
    });
  });

  it('auth.password.changed', async () => {
    const user = await createUser(t);
    await t.http
      .put('/api/users/change-password')
      .set(as(user))
      .send({ currentPassword: user.password, newPassword: 'another horse', signOutEverywhere: false })
      .expect(200);
    expect(await lastAudit(t, 'auth.password.changed')).toMatchObject({
      actorId: user._id,
      details: { signOutEverywhere: false },
    });
  });

  it('auth.password.reset: through the mailed link', async () => {
    const user = await createUser(t);
    await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(202);
    const message = await mail.waitFor(user.email, 2);
    await t.http
      .post('/api/auth/reset-password')
      .set('User-Agent', TEST_AGENT)
      .send({ token: linkToken(message.link), password: 'brand new horse' })
      .expect(200);
    expect(await lastAudit(t, 'auth.password.reset')).toMatchObject({
      actorId: user._id,
      userAgent: TEST_AGENT,
    });
  });

  it('token.created and token.revoked, by the owner and by an admin', async () => {
    const user = await createUser(t);
    const created = await t.http
      .post('/api/tokens')
      .set(as(user))
      .send({ name: 'Bot', scopes: ['boards:read'] });
    expect(created.status).toBe(201);
    expect(await lastAudit(t, 'token.created')).toMatchObject({
      actorId: user._id,
      targetId: created.body._id,
      details: { name: 'Bot', scopes: ['boards:read'], boardIds: null },
    });
    expect(JSON.stringify(await lastAudit(t, 'token.created'))).not.toContain(created.body.token);
    await t.http.delete(`/api/tokens/${created.body._id}`).set(as(user)).expect(200);
    expect(await lastAudit(t, 'token.revoked')).toMatchObject({
      actorId: user._id,
      targetId: created.body._id,
      details: { ownerId: user._id, byAdmin: false },
    });

    const second = await t.http
      .post('/api/tokens')
      .set(user.auth)
      .send({ name: 'Bot 2', scopes: ['boards:read'] });
    await t.http.delete(`/api/admin/tokens/${second.body._id}`).set(as(admin)).expect(200);
    expect(await lastAudit(t, 'token.revoked')).toMatchObject({
      actorId: admin._id,
      targetId: second.body._id,
      details: { ownerId: user._id, byAdmin: true },
    });
  });

  it('webhook.created and webhook.revoked', async () => {
    const owner = await createUser(t);
    const board = await createBoard(t, owner);
    const created = await t.http
      .post(`/api/boards/${board._id}/webhooks`)
      .set(as(owner))
      .send({ url: receiver.url(), events: ['card.created'] });
    expect(created.status).toBe(201);
    expect(await lastAudit(t, 'webhook.created')).toMatchObject({
      actorId: owner._id,
      targetId: created.body._id,
      details: { boardId: board._id, url: receiver.url(), events: ['card.created'] },
    });
    expect(JSON.stringify(await lastAudit(t, 'webhook.created'))).not.toContain(created.body.secret);
    await t.http.delete(`/api/boards/${board._id}/webhooks/${created.body._id}`).set(as(owner)).expect(200);
    expect(await lastAudit(t, 'webhook.revoked')).toMatchObject({
      actorId: owner._id,
      targetId: created.body._id,
    });
  });

  it('user.blocked and user.unblocked', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    await t.http.post('/api/users/block').set(as(a)).send({ userIdToBlock: b._id }).expect(200);
    expect(await lastAudit(t, 'user.blocked')).toMatchObject({ actorId: a._id, targetId: b._id });
    await t.http.post('/api/users/unblock').set(as(a)).send({ userIdToUnblock: b._id }).expect(200);
    expect(await lastAudit(t, 'user.unblocked')).toMatchObject({ actorId: a._id, targetId: b._id });
  });

  it('admin.user.role_changed, from and to', async () => {
    const user = await createUser(t);
    await t.http.put(`/api/users/${user._id}`).set(as(admin)).send({ role: 'OWNER' }).expect(200);
    expect(await lastAudit(t, 'admin.user.role_changed')).toMatchObject({
      actorId: admin._id,
      targetId: user._id,
      details: { email: user.email, from: 'MEMBER', to: 'OWNER' },
    });
  });

  it('admin.user.deleted: one row per account, alone and in bulk', async () => {
    const one = await createUser(t);
    await t.http.delete(`/api/users/${one._id}`).set(as(admin)).expect(200);
    expect(await lastAudit(t, 'admin.user.deleted')).toMatchObject({
      actorId: admin._id,
      targetId: one._id,
      details: { email: one.email, role: 'MEMBER' },
    });
    const [x, y] = [await createUser(t), await createUser(t)];
    await t.http
      .delete('/api/admin/users')
      .set(as(admin))
      .send({ userIds: [x._id, y._id] })
      .expect(200);
    const ids = (await auditRows(t, 'admin.user.deleted')).map((r) => r.targetId);
    expect(ids).toEqual(expect.arrayContaining([x._id, y._id]));
  });

  it('admin.board.deleted: alone and in bulk', async () => {
    const owner = await createUser(t);
    const [a, b, c] = [await createBoard(t, owner), await createBoard(t, owner), await createBoard(t, owner)];
    await t.http.delete(`/api/admin/boards/${a._id}`).set(as(admin)).expect(200);
    expect(await lastAudit(t, 'admin.board.deleted')).toMatchObject({ actorId: admin._id, targetId: a._id });
    await t.http
      .delete('/api/admin/boards')
      .set(as(admin))
      .send({ boardIds: [b._id, c._id] })
      .expect(200);
    const rows = await auditRows(t, 'admin.board.deleted');
    expect(rows.map((r) => r.targetId)).toEqual(expect.arrayContaining([a._id, b._id, c._id]));
  });

  it('admin.settings.changed names each changed field, from and to', async () => {
    await t.http
      .put('/api/admin/settings')
      .set(as(admin))
      .send({ ...SETTINGS_OPEN, announcement: { text: 'Maintenance at noon', level: 'warning' } })
      .expect(200);
    expect(await lastAudit(t, 'admin.settings.changed')).toMatchObject({
      actorId: admin._id,
      details: {
        changed: { announcement: { from: null, to: { text: 'Maintenance at noon', level: 'warning' } } },
      },
    });
    await t.http.put('/api/admin/settings').set(admin.auth).send(SETTINGS_OPEN).expect(200);
  });

  it('admin.invite.created names the address, never the token', async () => {
    const email = uniqueEmail('invitee');
    const res = await t.http.post('/api/admin/invites').set(as(admin)).send({ email });
    expect(res.status).toBe(201);
    const row = await lastAudit(t, 'admin.invite.created');
    expect(row).toMatchObject({ actorId: admin._id, targetId: res.body._id, details: { email } });
    const message = await mail.waitFor(email);
    const token = new URL(message.link!).searchParams.get('invite')!;
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('account.deleted: someone deleting their own account; the row outlives it', async () => {
    const user = await createUserWithRole(t, 'MEMBER');
    await t.http.delete('/api/users/me').set(as(user)).expect(200);
    expect(await t.db.select().from(users).where(eq(users.id, user._id))).toEqual([]);
    expect(await lastAudit(t, 'account.deleted')).toMatchObject({
      actorId: user._id,
      actorEmail: user.email,
      targetId: user._id,
    });
  });
});
