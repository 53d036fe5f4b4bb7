import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { auditLog, oidcIdentities, oidcPendingLinks, users } from '../../src/database/schema';
import { createUser, uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { atProvider, startProviderProcess, type OidcProviderProcess } from '../helpers/oidc-world';
import { codeAt, enableTwoFactor } from './two-factor-helpers';

const APP_ORIGIN = 'http://papan.test';

describe('Single sign-on (OpenID Connect)', () => {
  let provider: OidcProviderProcess;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startProviderProcess(`${APP_ORIGIN}/api/auth/oidc/callback`);
    t = await startTestApp({ appOrigin: APP_ORIGIN, oidc: provider.config() });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  const browser = (): TestAgent => request.agent(t.app.getHttpServer());
  const cookies = (res: request.Response) =>
    ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
  const rowsWithEmail = (email: string) => t.db.select().from(users).where(eq(users.email, email));

  /** Start → the provider's forms → the app's callback; answers the callback's response. */
  async function signIn(agent: TestAgent, login: string, path = '/api/auth/oidc') {
    const start = await agent.get(path);
    expect(start.status).toBe(302);
    const back = await atProvider(start.headers.location, login);
    return agent.get(`${back.pathname}${back.search}`);
  }

  /** A whole sign-in in a new browser that ends at /auth/callback; answers the exchange's answer. */
  async function completeSignIn(login: string, agent = browser()) {
    const callback = await signIn(agent, login);
    expect(callback.status).toBe(302);
    const landing = new URL(callback.headers.location);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(landing.searchParams.get('provider')).toBe('oidc');
    const exchange = await agent
      .post('/api/auth/oidc/exchange')
      .send({ code: landing.searchParams.get('token') });
    return { landing, exchange, agent };
  }

  it('starts the code flow with PKCE (S256), state and nonce, bound to the browser by an HttpOnly cookie', async () => {
    const res = await browser().get('/api/auth/oidc');

    expect(res.status).toBe(302);
    const target = new URL(res.headers.location);
    expect(target.origin).toBe(provider.issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${APP_ORIGIN}/api/auth/oidc/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
    });
    const cookie = cookies(res);
    expect(cookie).toMatch(/papan_oidc_flow=[\w.-]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
    // The verifier itself never leaves the server's hands as such.
    expect(res.headers.location).not.toContain('code_verifier');
  });

  it('creates a new person (provider oidc, verified by the provider) and signs them in with a one-time code', async () => {
    const email = uniqueEmail('nadia');
    const { landing, exchange, agent } = await completeSignIn(email);

    const code = landing.searchParams.get('token')!;
    expect(code).toMatch(/^[\w-]{43}$/);
    // The code is no token.
    expect((await t.http.get('/api/users/me').set('Authorization', `Bearer ${code}`)).status).toBe(401);
    expect(exchange.status).toBe(200);
    expect(exchange.headers['cache-control']).toBe('no-store');
    expect(exchange.body).toMatchObject({
      token: expect.any(String),
      email,
      provider: 'oidc',
      emailVerified: true,
      twoFactorEnabled: false,
      name: expect.stringMatching(/^Nadia/),
    });
    const [row] = await rowsWithEmail(email);
    expect(row).toMatchObject({ provider: 'oidc', passwordHash: null, emailVerified: true });
    const links = await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, row.id));
    expect(links).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: email })]);
    // Used once.
    expect((await agent.post('/api/auth/oidc/exchange').send({ code })).status).toBe(400);
    const signins = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, row.id), eq(auditLog.action, 'auth.signin')));
    expect(signins.map((r) => r.details)).toEqual([{ method: 'oidc' }]);
  });

  it('signs a returning person (same sub) into the same account, with a new session each time', async () => {
    const email = uniqueEmail('rina');
    const first = await completeSignIn(email);
    const second = await completeSignIn(email);
    expect(second.exchange.body._id).toBe(first.exchange.body._id);
    expect(await rowsWithEmail(email)).toHaveLength(1);
    expect(second.exchange.body.token).not.toBe(first.exchange.body.token);
  });

  it('creates an unverified account for an address the provider does not vouch for, when it is free', async () => {
    const email = uniqueEmail('umar');
    const { exchange } = await completeSignIn(`unverified:${email}`);
    expect(exchange.status).toBe(200);
    expect(exchange.body).toMatchObject({ email, provider: 'oidc', emailVerified: false });
  });

  it('never reaches an existing account through an address the provider does not vouch for', async () => {
    const local = await createUser(t, { name: 'Lia Local' });
    const agent = browser();
    const res = await signIn(agent, `unverified:${local.email}`);

    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_email_taken`);
    expect(cookies(res)).not.toMatch(/papan_oidc_link=[\w-]+/);
    expect(await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, local._id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(oidcPendingLinks).where(eq(oidcPendingLinks.userId, local._id)),
    ).toHaveLength(0);
    expect(await rowsWithEmail(local.email)).toHaveLength(1);
  });

  it('refuses an identity without an e-mail address', async () => {
    const res = await signIn(browser(), 'noemail:nobody');
    expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_no_email`);
  });

  describe('an existing local account with the same address', () => {
    it('is not taken over: the link waits for its password, in the same browser, then holds', async () => {
      const local = await createUser(t, { name: 'Lena Local', password: 'local-password' });
      const agent = browser();
      const res = await signIn(agent, local.email);

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_link_pending`);
      const cookie = cookies(res);
      expect(cookie).toMatch(/papan_oidc_link=[\w-]{43};.*HttpOnly/);
      expect(cookie).toMatch(/Path=\/api\/auth;/);
      expect(
        await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, local._id)),
      ).toHaveLength(0);

      // Someone else signing in with their password in that browser links nothing.
      const other = await createUser(t);
      expect(
        (await agent.post('/api/auth/login').send({ email: other.email, password: other.password })).status,
      ).toBe(200);
      expect(
        await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, other._id)),
      ).toHaveLength(0);
      // The owner in another browser links nothing either.
      expect(
        (await browser().post('/api/auth/login').send({ email: local.email, password: 'local-password' }))
          .status,
      ).toBe(200);
      expect(
        await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, local._id)),
      ).toHaveLength(0);

      // The owner, with the password, in the browser that met the provider: linked.
      const again = await signIn(agent, local.email);
      expect(again.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_link_pending`);
      const login = await agent
        .post('/api/auth/login')
        .send({ email: local.email, password: 'local-password' });
      expect(login.status).toBe(200);
      expect(cookies(login)).toMatch(/papan_oidc_link=;.*Expires=Thu, 01 Jan 1970/);
      const links = await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, local._id));
      expect(links).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: local.email })]);
      const [audited] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, local._id), eq(auditLog.action, 'auth.sso.linked')));
      expect(audited.details).toMatchObject({ issuer: provider.issuer, via: 'password' });

      // From now on single sign-on reaches that account, which keeps its password and provider.
      const { exchange } = await completeSignIn(local.email);
      expect(exchange.body).toMatchObject({ _id: local._id, provider: 'local' });
      expect(await rowsWithEmail(local.email)).toHaveLength(1);
    });

    it('links after the second factor when the account has two-factor sign-in', async () => {
      const local = await createUser(t, { password: 'local-password' });
      const { secret } = await enableTwoFactor(t, local);
      const agent = browser();
      await signIn(agent, local.email);
      const login = await agent
        .post('/api/auth/login')
        .send({ email: local.email, password: 'local-password' });
      expect(login.body.twoFactorRequired).toBe(true);
      expect(
        await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, local._id)),
      ).toHaveLength(0);
      const done = await agent
        .post('/api/auth/2fa')
        .send({ challenge: login.body.challenge, code: codeAt(secret) });
      expect(done.status).toBe(200);
      expect(
        await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, local._id)),
      ).toHaveLength(1);
    });
  });

  it('asks an account with two-factor sign-in for its code: the exchange answers a challenge, not a token', async () => {
    const email = uniqueEmail('tfa');
    const first = await completeSignIn(email);
    const user = {
      ...first.exchange.body,
      password: '',
      auth: { Authorization: `Bearer ${first.exchange.body.token}` },
    };
    const { secret } = await enableTwoFactor(t, user);

    const { exchange, agent } = await completeSignIn(email);
    expect(exchange.status).toBe(200);
    expect(exchange.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const done = await agent
      .post('/api/auth/2fa')
      .send({ challenge: exchange.body.challenge, code: codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ _id: user._id, token: expect.any(String), twoFactorEnabled: true });
  });

  describe('refusals: never a session', () => {
    it('refuses a callback whose state is not the one this browser started with', async () => {
      const agent = browser();
      const start = await agent.get('/api/auth/oidc');
      const back = await atProvider(start.headers.location, uniqueEmail('mallory'));
      back.searchParams.set('state', 'A'.repeat(43));
      const res = await agent.get(`${back.pathname}${back.search}`);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_failed`);

      // And a callback in a browser that never started one.
      const fresh = await atProvider(
        (await browser().get('/api/auth/oidc')).headers.location,
        uniqueEmail('x'),
      );
      expect((await browser().get(`${fresh.pathname}${fresh.search}`)).headers.location).toBe(
        `${APP_ORIGIN}/login?error=oidc_failed`,
      );
    });

    it('refuses a replayed callback', async () => {
      const agent = browser();
      const start = await agent.get('/api/auth/oidc');
      const back = await atProvider(start.headers.location, uniqueEmail('replay'));
      const first = await agent.get(`${back.pathname}${back.search}`);
      expect(first.headers.location).toMatch(/\/auth\/callback\?/);
      const replay = await agent.get(`${back.pathname}${back.search}`);
      expect(replay.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_failed`);
    });

    it('refuses an ID token whose nonce is not this sign-in’s (a code from another request)', async () => {
      const agent = browser();
      const start = new URL((await agent.get('/api/auth/oidc')).headers.location);
      start.searchParams.set('nonce', 'another-requests-nonce-0123456789');
      const back = await atProvider(start.toString(), uniqueEmail('nonce'));
      const res = await agent.get(`${back.pathname}${back.search}`);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_failed`);
    });

    it('refuses a code issued for another PKCE challenge', async () => {
      const agent = browser();
      const start = new URL((await agent.get('/api/auth/oidc')).headers.location);
      start.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
      const back = await atProvider(start.toString(), uniqueEmail('pkce'));
      const res = await agent.get(`${back.pathname}${back.search}`);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_failed`);
    });

    it('ends on /login with oidc_denied when the person refuses at the provider', async () => {
      const res = await browser().get('/api/auth/oidc/callback?error=access_denied&state=x');
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=oidc_denied`);
    });

    it('exchanges a code only in the browser that signed in', async () => {
      const agent = browser();
      const callback = await signIn(agent, uniqueEmail('victim'));
      const code = new URL(callback.headers.location).searchParams.get('token');
      expect((await browser().post('/api/auth/oidc/exchange').send({ code })).status).toBe(400);
      expect((await agent.post('/api/auth/oidc/exchange').send({ code: 'bad code!' })).status).toBe(400);
    });
  });

  describe('return paths', () => {
    it.each([
      [
        '/board/0193f1e2-aaaa-7bbb-8ccc-000000000001?view=table',
        '/board/0193f1e2-aaaa-7bbb-8ccc-000000000001?view=table',
      ],
      ['//evil.example/steal', null],
      ['https://evil.example/', null],
      ['/\\evil.example', null],
      ['javascript:alert(1)', null],
      ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ])('returnTo=%s ends on this app, at %s', async (returnTo, expected) => {
      const agent = browser();
      const callback = await signIn(
        agent,
        uniqueEmail('next'),
        `/api/auth/oidc?returnTo=${encodeURIComponent(returnTo)}`,
      );
      const landing = new URL(callback.headers.location);
      expect(landing.origin).toBe(APP_ORIGIN);
      expect(landing.pathname).toBe('/auth/callback');
      expect(landing.searchParams.get('next')).toBe(expected);
    });
  });
});

describe('Single sign-on, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ oidc: null });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message', async () => {
    for (const path of ['/api/auth/oidc', '/api/auth/oidc/callback?code=x&state=y']) {
      const res = await t.http.get(path);
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/Single sign-on is not configured on this server \(OIDC_ISSUER/);
    }
    const settings = await t.http.get('/api/settings/public');
    expect(settings.body.sso).toEqual({ enabled: false, name: 'Single sign-on' });
  });
});
