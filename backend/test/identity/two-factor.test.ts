import { eq } from 'drizzle-orm';
import { auditLog, loginSessions, recoveryCodes, twoFactorChallenges } from '../../src/database/schema';
import { hashLinkSecret } from '../../src/modules/auth/link-secrets';
import { createUser, type TestUser } from '../helpers/factories';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { browser as googleBrowser, FakeGoogle, pageCode, signInWithGoogle } from '../google/google-provider';
import { codeAt, enableTwoFactor, passwordStep } from './two-factor-helpers';

describe('Two-factor sign-in (TOTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const sessionsOf = (userId: string) =>
    t.db.select().from(loginSessions).where(eq(loginSessions.userId, userId));
  const finish = (body: Record<string, unknown>) => t.http.post('/api/auth/2fa').send(body);

  describe('POST /api/account/2fa/setup and /enable', () => {
    it('hands out a secret, turns on with a right code and shows ten recovery codes once', async () => {
      const user = await createUser(t);
      expect(user.twoFactorEnabled).toBe(false);

      const setup = await t.http.post('/api/account/2fa/setup').set(user.auth);
      expect(setup.status).toBe(200);
      expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(setup.body.otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.searchParams.get('secret')).toBe(setup.body.secret);
      expect(decodeURIComponent(url.pathname)).toBe(`/Papan:${user.email}`);
      // Not on until a code proves the app has the secret.
      expect((await t.http.get('/api/users/me').set(user.auth)).body.twoFactorEnabled).toBe(false);

      const wrong = await t.http.post('/api/account/2fa/enable').set(user.auth).send({ code: '000000' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toMatch(/^code: /);
      const malformed = await t.http.post('/api/account/2fa/enable').set(user.auth).send({ code: '12ab' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/code/);

      const enable = await t.http
        .post('/api/account/2fa/enable')
        .set(user.auth)
        .send({ code: codeAt(setup.body.secret) });
      expect(enable.status).toBe(200);
      const codes = enable.body.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      // Stored hashed only.
      const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user._id));
      expect(stored).toHaveLength(10);
      expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
      expect(JSON.stringify(stored)).not.toContain(codes[0].replace('-', ''));

      expect((await t.http.get('/api/users/me').set(user.auth)).body.twoFactorEnabled).toBe(true);
      expect((await t.http.get('/api/auth/me').set(user.auth)).body.twoFactorEnabled).toBe(true);
      // A second setup would replace the secret behind the person's back.
      expect((await t.http.post('/api/account/2fa/setup').set(user.auth)).status).toBe(409);
      expect(
        (
          await t.http
            .post('/api/account/2fa/enable')
            .set(user.auth)
            .send({ code: codeAt(setup.body.secret, 1) })
        ).status,
      ).toBe(409);
    });

    it('asks for setup before enable', async () => {
      const user = await createUser(t);
      const res = await t.http.post('/api/account/2fa/enable').set(user.auth).send({ code: '123456' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Set up two-factor sign-in first/);
    });
  });

  describe('signing in', () => {
    let user: TestUser;
    let secret: string;
    let recovery: string[];

    beforeAll(async () => {
      user = await createUser(t, { name: 'Tari Two' });
      ({ secret, recoveryCodes: recovery } = await enableTwoFactor(t, user));
    });

    it('answers a challenge instead of a token, and opens a session only after the code', async () => {
      const before = (await sessionsOf(user._id)).length;
      const login = await t.http.post('/api/auth/login').send({ email: user.email, password: user.password });

      expect(login.status).toBe(200);
      expect(login.body).toEqual({
        twoFactorRequired: true,
        challenge: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect(await sessionsOf(user._id)).toHaveLength(before);
      // Only its hash is kept.
      const [row] = await t.db
        .select()
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.challengeHash, hashLinkSecret(login.body.challenge)));
      expect(row).toMatchObject({ userId: user._id, method: 'password', failures: 0 });

      const done = await finish({ challenge: login.body.challenge, code: codeAt(secret) });

      expect(done.status).toBe(200);
      // Audited as a sign-in finished by the second factor, after a password.
      const signins = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user._id));
      expect(signins.map((r) => [r.action, r.details])).toEqual(
        expect.arrayContaining([
          ['auth.2fa.enabled', {}],
          ['auth.signin', { method: 'two_factor', firstFactor: 'password' }],
        ]),
      );
      expect(done.body).toMatchObject({ token: expect.any(String), _id: user._id, twoFactorEnabled: true });
      expect(await sessionsOf(user._id)).toHaveLength(before + 1);
      const me = await t.http.get('/api/users/me').set('Authorization', `Bearer ${done.body.token}`);
      expect(me.status).toBe(200);
      // The challenge is used up.
      expect((await finish({ challenge: login.body.challenge, code: codeAt(secret, 1) })).status).toBe(401);
    });

    it('refuses a code that was accepted once (replay), even on a new challenge', async () => {
      const code = codeAt(secret, 1);
      const first = await finish({ challenge: await passwordStep(t.http, user), code });
      expect(first.status).toBe(200);

      const replay = await finish({ challenge: await passwordStep(t.http, user), code });
      expect(replay.status).toBe(401);
      expect(replay.body.message).toMatch(/not right/);
      // An older step's code is no good either once a later one was used.
      expect(
        (await finish({ challenge: await passwordStep(t.http, user), code: codeAt(secret) })).status,
      ).toBe(401);
    });

    it('takes each recovery code once, in any case and with or without its dash', async () => {
      const [code] = recovery;
      const typed = ` ${code.replace('-', '').toUpperCase()} `;
      const first = await finish({ challenge: await passwordStep(t.http, user), recoveryCode: typed });
      expect(first.status).toBe(200);
      expect(first.body.token).toEqual(expect.any(String));

      const again = await finish({ challenge: await passwordStep(t.http, user), recoveryCode: code });
      expect(again.status).toBe(401);
      const second = await finish({ challenge: await passwordStep(t.http, user), recoveryCode: recovery[1] });
      expect(second.status).toBe(200);
    });

    it('ends the challenge at the fifth wrong code: the right code no longer works on it', async () => {
      const challenge = await passwordStep(t.http, user);
      for (let i = 1; i <= 4; i++) {
        const res = await finish({ challenge, code: '000000' });
        expect(res.status).toBe(401);
        expect(res.body.message).toMatch(/not right/);
      }
      const fifth = await finish({ challenge, recoveryCode: 'aaaaa-aaaaa' });
      const failed = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.2fa.failed'));
      expect(failed.filter((r) => r.actorId === user._id).map((r) => r.details.failures)).toEqual(
        expect.arrayContaining([1, 2, 3, 4, 5]),
      );
      expect(fifth.status).toBe(401);
      expect(fifth.body.message).toMatch(/expired or had too many wrong codes/);
      const right = await finish({ challenge, recoveryCode: recovery[2] });
      expect(right.status).toBe(401);
      expect(right.body.message).toMatch(/expired or had too many wrong codes/);
      // The recovery code was not spent on the ended challenge.
      expect(
        (await finish({ challenge: await passwordStep(t.http, user), recoveryCode: recovery[2] })).status,
      ).toBe(200);
    });

    it('lets a challenge expire after five minutes', async () => {
      const challenge = await passwordStep(t.http, user);
      await t.db
        .update(twoFactorChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(twoFactorChallenges.challengeHash, hashLinkSecret(challenge)));
      const res = await finish({ challenge, recoveryCode: recovery[3] });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/expired/);
    });

    it('checks the body: one of code and recoveryCode, a challenge', async () => {
      const challenge = await passwordStep(t.http, user);
      const both = await finish({ challenge, code: '123456', recoveryCode: recovery[4] });
      expect(both.status).toBe(400);
      expect(both.body.message).toMatch(/^code: /);
      expect((await finish({ challenge })).status).toBe(400);
      expect((await finish({ code: '123456' })).body.message).toMatch(/challenge/);
      expect((await finish({ challenge: 'not a challenge!', code: '123456' })).status).toBe(400);
    });

    it('never lets a challenge stand in for a token: HTTP, token creation, the socket', async () => {
      const challenge = await passwordStep(t.http, user);
      const bearer = { Authorization: `Bearer ${challenge}` };
      expect((await t.http.get('/api/users/me').set(bearer)).status).toBe(401);
      expect((await t.http.get('/api/boards').set(bearer)).status).toBe(401);
      const token = await t.http
        .post('/api/tokens')
        .set(bearer)
        .send({ name: 'sneaky', scopes: ['boards:read'] });
      expect(token.status).toBe(401);
      const url = await listen(t);
      await expect(connect(url, challenge)).rejects.toThrow(/Unauthorized/);
      // The challenge still works for what it is for.
      expect((await finish({ challenge, recoveryCode: recovery[5] })).status).toBe(200);
    });
  });

  describe('DELETE /api/account/2fa', () => {
    it('needs the password and a code; then sign-in answers a token at once', async () => {
      const user = await createUser(t);
      const { secret } = await enableTwoFactor(t, user);
      const off = (body: Record<string, unknown>) =>
        t.http.delete('/api/account/2fa').set(user.auth).send(body);

      const noPassword = await off({ code: codeAt(secret) });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.message).toBe('password: is required');
      const wrongPassword = await off({ password: 'nope-nope', code: codeAt(secret) });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body.message).toBe('password: is incorrect');
      const noCode = await off({ password: user.password });
      expect(noCode.status).toBe(400);
      const wrongCode = await off({ password: user.password, code: '000000' });
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body.message).toMatch(/^code: /);

      const ok = await off({ password: user.password, code: codeAt(secret) });
      expect(ok.status).toBe(200);
      const [disabled] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.2fa.disabled'))
        .then((rows) => rows.filter((r) => r.actorId === user._id));
      expect(disabled.details).toEqual({ method: 'two_factor' });
      expect((await t.http.get('/api/users/me').set(user.auth)).body.twoFactorEnabled).toBe(false);
      const login = await t.http.post('/api/auth/login').send({ email: user.email, password: user.password });
      expect(login.body).toMatchObject({ token: expect.any(String), twoFactorEnabled: false });
      expect((await off({ password: user.password, code: codeAt(secret, 1) })).status).toBe(404);
    });

    it('takes a recovery code instead of a code', async () => {
      const user = await createUser(t);
      const { recoveryCodes: codes } = await enableTwoFactor(t, user);
      const res = await t.http
        .delete('/api/account/2fa')
        .set(user.auth)
        .send({ password: user.password, recoveryCode: codes[9] });
      expect(res.status).toBe(200);
      expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user._id))).toHaveLength(
        0,
      );
    });

    it('is refused to API tokens, like every account call', async () => {
      const user = await createUser(t);
      const created = await t.http
        .post('/api/tokens')
        .set(user.auth)
        .send({ name: 'ci', scopes: ['boards:write'] });
      expect(created.status).toBe(201);
      const res = await t.http
        .post('/api/account/2fa/setup')
        .set('Authorization', `Bearer ${created.body.token}`);
      expect(res.status).toBe(403);
    });
  });
});

describe('Two-factor sign-in throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ rateLimit: { loginPerAccount: 3 } });
  });
  afterAll(() => t.close());

  it('answers 429 after too many wrong codes for one account, across new challenges', async () => {
    const user = await createUser(t);
    const { secret } = await enableTwoFactor(t, user);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const challenge = await passwordStep(t.http, user);
      statuses.push((await t.http.post('/api/auth/2fa').send({ challenge, code: '000000' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const challenge = await passwordStep(t.http, user);
    const right = await t.http.post('/api/auth/2fa').send({ challenge, code: codeAt(secret) });
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });
});

describe('Two-factor sign-in after Google', () => {
  let google: FakeGoogle;
  let t: TestApp;

  beforeAll(async () => {
    google = await FakeGoogle.start();
    t = await startTestApp({ appOrigin: 'http://papan.test', google: google.config() });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  it('answers the challenge from the exchange, and the popup posts it instead of a token', async () => {
    const user = await createUser(t, { name: 'Gita Google' });
    const { secret } = await enableTwoFactor(t, user);
    google.person = {
      sub: `google-2fa-${Date.now()}`,
      email: user.email,
      email_verified: true,
      name: 'Gita',
    };
    const agent = googleBrowser(t);
    const page = await signInWithGoogle(agent);

    const exchange = await agent.post('/api/auth/google/exchange').send({ code: pageCode(page.text) });

    expect(exchange.status).toBe(200);
    expect(exchange.body).toEqual({
      twoFactorRequired: true,
      challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const popup = await t.http.get('/api/auth/google/popup.js');
    expect(popup.text).toContain('twoFactorRequired: true, challenge: result.challenge');
    const done = await t.http
      .post('/api/auth/2fa')
      .send({ challenge: exchange.body.challenge, code: codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ _id: user._id, token: expect.any(String), twoFactorEnabled: true });
  });
});
