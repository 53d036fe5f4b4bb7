import { eq } from 'drizzle-orm';
import { TWO_FACTOR_SETUP_REQUIRED, type InstanceSettingsInput } from '@papan/shared';
import { instanceSettings, twoFactor, users } from '../../src/database/schema';
import { InstanceSettingsService } from '../../src/modules/instance-settings/instance-settings.service';
import { ADMIN_PASSWORD, createUserWithRole } from '../admin/admin-fixtures';
import { createBoard, login, uniqueEmail, type TestUser } from '../helpers/factories';
import { startAppWithMail, type MailCatcher } from '../helpers/mail-catcher';
import type { TestApp } from '../helpers/test-app';
import { browser, FakeGoogle, signInWithGoogle } from '../google/google-provider';
import { SETTINGS_OPEN } from './governance-fixtures';

describe(InstanceSettingsService.name, () => {
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  let google: FakeGoogle;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    google = await FakeGoogle.start();
    const email = uniqueEmail('root');
    ({ t, mail, close } = await startAppWithMail(
      { appOrigin: 'http://papan.test', google: google.config() },
      { ADMIN_EMAIL: email, ADMIN_PASSWORD, ADMIN_NAME: 'Root' },
    ));
    admin = await login(t, email, ADMIN_PASSWORD);
    member = await createUserWithRole(t, 'MEMBER');
  });
  afterAll(async () => {
    await close();
    await google.stop();
  });
  afterEach(async () => {
    await t.db.update(instanceSettings).set(SETTINGS_OPEN).where(eq(instanceSettings.id, 1));
  });

  const put = (body: unknown, who: TestUser = admin) =>
    t.http
      .put('/api/admin/settings')
      .set(who.auth)
      .send(body as object);
  const set = async (changes: Partial<InstanceSettingsInput>) =>
    expect((await put({ ...SETTINGS_OPEN, ...changes })).status).toBe(200);
  const register = (email: string, extra: object = {}) =>
    t.http.post('/api/auth/register').send({ name: 'Newcomer', email, password: 'correct horse', ...extra });
  const stored = async () => (await t.db.select().from(instanceSettings))[0];

  describe('GET/PUT /api/admin/settings', () => {
    it('answers the settings and replaces them, version by version', async () => {
      const before = await t.http.get('/api/admin/settings').set(admin.auth);
      expect(before.status).toBe(200);
      expect(before.body).toEqual({
        ...SETTINGS_OPEN,
        version: expect.any(Number),
        updatedAt: expect.any(String),
      });
      const next = {
        registration: 'invite',
        allowedEmailDomains: ['Campus.AC.id', 'example.org', 'example.org'],
        announcement: { text: '  Exams week: boards read-only on Friday  ', level: 'info' },
        requireTwoFactorForAdmins: false,
      };
      const res = await put(next);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        registration: 'invite',
        allowedEmailDomains: ['campus.ac.id', 'example.org'],
        announcement: { text: 'Exams week: boards read-only on Friday', level: 'info' },
        version: before.body.version + 1,
      });
      expect((await t.http.get('/api/admin/settings').set(admin.auth)).body).toEqual(res.body);
    });

    it.each([
      ['nothing', {}, 'registration'],
      [
        'a missing field',
        { ...SETTINGS_OPEN, requireTwoFactorForAdmins: undefined },
        'requireTwoFactorForAdmins',
      ],
      ['an unknown mode', { ...SETTINGS_OPEN, registration: 'sometimes' }, 'registration'],
      ['a wrong type', { ...SETTINGS_OPEN, requireTwoFactorForAdmins: 'yes' }, 'requireTwoFactorForAdmins'],
      ['domains as text', { ...SETTINGS_OPEN, allowedEmailDomains: 'example.org' }, 'allowedEmailDomains'],
      [
        'a hostile domain',
        { ...SETTINGS_OPEN, allowedEmailDomains: ['<script>.org'] },
        'allowedEmailDomains',
      ],
      [
        'an address as domain',
        { ...SETTINGS_OPEN, allowedEmailDomains: ['a@example.org'] },
        'allowedEmailDomains',
      ],
      [
        '51 domains',
        { ...SETTINGS_OPEN, allowedEmailDomains: Array.from({ length: 51 }, (_, i) => `d${i}.org`) },
        'allowedEmailDomains',
      ],
      [
        'a long announcement',
        { ...SETTINGS_OPEN, announcement: { text: 'x'.repeat(501), level: 'info' } },
        'announcement',
      ],
      [
        'an empty announcement',
        { ...SETTINGS_OPEN, announcement: { text: '   ', level: 'info' } },
        'announcement',
      ],
      [
        'an unknown level',
        { ...SETTINGS_OPEN, announcement: { text: 'Hi', level: 'danger' } },
        'announcement',
      ],
      ['an announcement as text', { ...SETTINGS_OPEN, announcement: 'Hi' }, 'announcement'],
      ['an array', [SETTINGS_OPEN], ''],
    ])('answers 400 naming the field for %s, and stores nothing', async (_, body, field) => {
      const before = await stored();
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
      expect(await stored()).toEqual(before);
    });

    it('drops fields the server keeps for itself (version, updatedAt)', async () => {
      const before = await stored();
      const res = await put({ ...SETTINGS_OPEN, version: 999, updatedAt: '2001-01-01T00:00:00.000Z' });
      expect(res.status).toBe(200);
      expect(res.body.version).toBe(before.version + 1);
      expect(res.body.updatedAt).not.toBe('2001-01-01T00:00:00.000Z');
    });

    it('is for ADMIN only, reading and writing', async () => {
      const owner = await createUserWithRole(t, 'OWNER');
      for (const who of [member, owner]) {
        expect((await t.http.get('/api/admin/settings').set(who.auth)).status).toBe(403);
        expect((await put({ ...SETTINGS_OPEN, registration: 'closed' }, who)).status).toBe(403);
        expect(
          (await t.http.post('/api/admin/invites').set(who.auth).send({ email: 'x@example.org' })).status,
        ).toBe(403);
      }
      expect((await t.http.get('/api/admin/settings')).status).toBe(401);
      expect((await stored()).registration).toBe('open');
    });
  });

  describe('GET /api/settings/public', () => {
    it('tells anyone, signed in or not, what the pages offer and show', async () => {
      await set({ registration: 'invite', announcement: { text: 'Welcome', level: 'warning' } });
      const res = await t.http.get('/api/settings/public');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        registration: 'invite',
        announcement: { text: 'Welcome', level: 'warning' },
        sso: { enabled: false, name: 'Single sign-on' },
        google: { enabled: true },
      });
    });
  });

  describe('registration policy', () => {
    it('open: anyone registers', async () => {
      expect((await register(uniqueEmail('open'))).status).toBe(201);
    });

    it('closed: nobody registers, with the reason', async () => {
      await set({ registration: 'closed' });
      const email = uniqueEmail('closed');
      const res = await register(email);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        message: 'Registration is closed on this server.',
        code: 'registration_closed',
      });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('invite: only an address invited to a board', async () => {
      const owner = await createUserWithRole(t, 'MEMBER');
      const board = await createBoard(t, owner);
      await set({ registration: 'invite' });
      const stranger = uniqueEmail('stranger');
      const refused = await register(stranger);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'registration_invite_only',
        message: expect.stringMatching(/invitation/),
      });

      const invited = uniqueEmail('invited');
      await t.http
        .post(`/api/boards/${board._id}/members`)
        .set(owner.auth)
        .send({ email: invited })
        .expect(201);
      expect((await register(invited)).status).toBe(201);
    });

    it('allowed domains: other domains are refused with the list', async () => {
      await set({ allowedEmailDomains: ['campus.ac.id'] });
      const res = await register(uniqueEmail('outsider'));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        message: 'Registration is open only to addresses at campus.ac.id.',
        code: 'registration_domain_refused',
      });
      expect((await register(`student-${Date.now()}@campus.ac.id`)).status).toBe(201);
      // A subdomain is another domain.
      expect((await register(`x-${Date.now()}@mail.campus.ac.id`)).status).toBe(403);
    });

    it('applies to Google sign-in creating an account, not to signing in to one', async () => {
      const existing = uniqueEmail('gexisting');
      google.person = { sub: `g-existing-${Date.now()}`, email: existing, email_verified: true, name: 'Gus' };
      expect((await signInWithGoogle(browser(t))).status).toBe(200);

      await set({ registration: 'closed' });
      const fresh = uniqueEmail('gfresh');
      google.person = { sub: `g-fresh-${Date.now()}`, email: fresh, email_verified: true, name: 'Gwen' };
      const refused = await signInWithGoogle(browser(t));
      expect(refused.status).toBe(302);
      expect(refused.headers.location).toBe('http://papan.test/login?error=google_registration_refused');
      expect(await t.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);

      google.person = {
        sub: (await t.db.select().from(users).where(eq(users.email, existing)))[0].googleId!,
        email: existing,
        email_verified: true,
        name: 'Gus',
      };
      expect((await signInWithGoogle(browser(t))).status).toBe(200);

      await set({ registration: 'open', allowedEmailDomains: ['campus.ac.id'] });
      google.person = {
        sub: `g-domain-${Date.now()}`,
        email: uniqueEmail('gdomain'),
        email_verified: true,
        name: 'Gil',
      };
      expect((await signInWithGoogle(browser(t))).headers.location).toMatch(
        /error=google_registration_refused$/,
      );
    });
  });

  describe('POST /api/admin/invites', () => {
    it('mails a sign-up link that lets that address register once, whatever the policy', async () => {
      await set({ registration: 'closed', allowedEmailDomains: ['campus.ac.id'] });
      const email = uniqueEmail('guest');
      const res = await t.http.post('/api/admin/invites').set(admin.auth).send({ email, language: 'id' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ _id: expect.any(String), email, expiresAt: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/invite=/);

      const message = await mail.waitFor(email);
      expect(message.subject).toBe('Anda diundang ke Papan');
      const link = new URL(message.link!);
      expect(`${link.origin}${link.pathname}`).toBe('http://papan.test/register');
      expect(link.searchParams.get('email')).toBe(email);
      const inviteToken = link.searchParams.get('invite')!;
      expect(inviteToken).toMatch(/^[\w-]{43}$/);

      // Another address with the token, and the address without it, are refused.
      expect((await register(uniqueEmail('thief'), { inviteToken })).status).toBe(403);
      expect((await register(email)).status).toBe(403);
      const ok = await register(email, { inviteToken });
      expect(ok.status).toBe(201);
      // Once only.
      await t.db.delete(users).where(eq(users.email, email));
      expect((await register(email, { inviteToken })).status).toBe(403);
    });

    it.each([
      [{}],
      [{ email: 'not an address' }],
      [{ email: ['a@example.org'] }],
      [{ email: 'a@example.org', language: 'fr' }],
    ])('answers 400 for %j', async (body) => {
      expect((await t.http.post('/api/admin/invites').set(admin.auth).send(body)).status).toBe(400);
    });
  });

  describe('requireTwoFactorForAdmins', () => {
    it('stops an admin without 2FA everywhere but setting it up, signing out and reading themselves', async () => {
      const second = await createUserWithRole(t, 'ADMIN');
      const apiToken = await t.http
        .post('/api/tokens')
        .set(second.auth)
        .send({ name: 'Bot', scopes: ['boards:read'] });
      await set({ requireTwoFactorForAdmins: true });
      // A token the admin made before acts as the admin: stopped too.
      const byToken = await t.http.get('/api/boards').set({ Authorization: `Bearer ${apiToken.body.token}` });
      expect(byToken.status).toBe(403);
      expect(byToken.body.code).toBe(TWO_FACTOR_SETUP_REQUIRED);

      for (const path of ['/api/admin/stats', '/api/boards', '/api/admin/settings']) {
        const res = await t.http.get(path).set(second.auth);
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
        expect(res.body).toMatchObject({
          message: 'Set up two-factor sign-in first',
          code: TWO_FACTOR_SETUP_REQUIRED,
        });
      }
      expect((await t.http.get('/api/users/me').set(second.auth)).status).toBe(200);
      expect((await t.http.get('/api/auth/me').set(second.auth)).status).toBe(200);
      expect((await t.http.get('/api/settings/public').set(second.auth)).status).toBe(200);
      expect((await t.http.post('/api/account/2fa/setup').set(second.auth)).status).not.toBe(403);
      // Members are not concerned.
      expect((await t.http.get('/api/boards').set(member.auth)).status).toBe(200);

      // With 2FA on, the admin gets through.
      await t.db
        .insert(twoFactor)
        .values({ userId: second._id, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() })
        .onConflictDoUpdate({ target: twoFactor.userId, set: { enabledAt: new Date() } });
      expect((await t.http.get('/api/admin/stats').set(second.auth)).status).toBe(200);
      expect((await t.http.post('/api/auth/logout').set(second.auth)).status).toBe(200);
    });
  });
});
