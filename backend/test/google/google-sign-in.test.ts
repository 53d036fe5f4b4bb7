import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/database/schema';
import { createBoard, createUser, login, uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  attribute,
  browser,
  completeSignIn,
  consent,
  FakeGoogle,
  pageCode,
  popupMessage,
  signInWithGoogle,
} from './google-provider';

const APP_ORIGIN = 'http://papan.test';

describe('Google sign-in', () => {
  let google: FakeGoogle;
  let t: TestApp;
  let people = 0;

  beforeAll(async () => {
    google = await FakeGoogle.start();
    t = await startTestApp({ appOrigin: APP_ORIGIN, google: google.config() });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });
  beforeEach(() => google.reset());

  const person = (email: string, verified = true, name = 'Gina Google') => {
    people++;
    google.person = { sub: `google-${people}-${Date.now()}`, email, email_verified: verified, name };
    return google.person;
  };
  const me = (token: string) => t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  const rowsWithEmail = (email: string) => t.db.select().from(users).where(eq(users.email, email));

  describe('GET /api/auth/providers', () => {
    it('offers Google and names the origins whose popup messages count', async () => {
      const res = await t.http.get('/api/auth/providers');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ google: true, allowedOrigins: t.config.allowedOrigins });
    });
  });

  describe('GET /api/auth/google', () => {
    it('sends the browser to the consent screen with a state bound to it by an HttpOnly SameSite=Lax cookie', async () => {
      const res = await browser(t).get('/api/auth/google');

      expect(res.status).toBe(302);
      const target = new URL(res.headers.location);
      expect(`${target.origin}${target.pathname}`).toBe(`${google.url}/authorize`);
      expect(Object.fromEntries(target.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: 'papan-test-client',
        redirect_uri: `${APP_ORIGIN}/api/auth/google/callback`,
        scope: 'profile email',
        state: expect.stringMatching(/^[\w-]{43}$/),
      });
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
      expect(cookie).toContain(`papan_google_state=${target.searchParams.get('state')}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/api\/auth\/google/);
    });

    it('gives every start its own state', async () => {
      const a = new URL((await browser(t).get('/api/auth/google')).headers.location);
      const b = new URL((await browser(t).get('/api/auth/google')).headers.location);
      expect(a.searchParams.get('state')).not.toBe(b.searchParams.get('state'));
    });
  });

  describe('GET /api/auth/google/callback', () => {
    it('creates a verified Google account and answers a page holding a one-time code, never a token', async () => {
      const gina = person(uniqueEmail('gina'));
      const agent = browser(t);
      const start = await agent.get('/api/auth/google');
      const state = new URL(start.headers.location).searchParams.get('state');
      const back = await consent(start.headers.location);

      const res = await agent.get(`${back.pathname}${back.search}`);

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      // helmet's CSP stays as strict as everywhere: the page's script is an external one of ours.
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      expect(res.text).toContain('<script src="/api/auth/google/popup.js"></script>');
      expect(res.text).not.toMatch(/<script>/);
      expect(attribute(res.text, 'data-target-origin')).toBe(APP_ORIGIN);
      const code = pageCode(res.text);
      expect(code).toMatch(/^[\w-]{43}$/);
      expect(attribute(res.text, 'data-fallback')).toBe(`${APP_ORIGIN}/auth/callback?token=${code}`);
      // The code is no token: it signs nobody in by itself.
      expect((await me(code)).status).toBe(401);
      expect(res.text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
      // The used state gives way to a fresh secret the code is bound to; the exchange uses it up.
      const replaced = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
      expect(replaced).toMatch(/papan_google_state=[\w-]{43};.*HttpOnly/);
      expect(replaced).not.toContain(`papan_google_state=${state};`);

      const exchange = await agent.post('/api/auth/google/exchange').send({ code });

      expect(exchange.status).toBe(200);
      expect(exchange.headers['cache-control']).toBe('no-store');
      const cleared = ([] as string[]).concat(exchange.headers['set-cookie'] ?? []).join('\n');
      expect(cleared).toMatch(/papan_google_state=;.*Expires=Thu, 01 Jan 1970/);
      expect(exchange.body).toMatchObject({
        token: expect.any(String),
        name: 'Gina Google',
        email: gina.email,
        provider: 'google',
        role: 'MEMBER',
        emailVerified: true,
      });
      const account = await me(exchange.body.token);
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ email: gina.email, provider: 'google', emailVerified: true });
      const [row] = await rowsWithEmail(gina.email!);
      expect(row).toMatchObject({
        provider: 'google',
        googleId: gina.sub,
        passwordHash: null,
        emailVerified: true,
      });
    });

    it('signs the same person in again without a second account, each time with a new login session', async () => {
      const gina = person(uniqueEmail('again'));
      const first = await completeSignIn(t);
      const second = await completeSignIn(t);

      expect(second.user._id).toBe(first.user._id);
      expect(await rowsWithEmail(gina.email!)).toHaveLength(1);
      const sessions = await t.http.get('/api/sessions').set('Authorization', `Bearer ${second.token}`);
      expect(sessions.status).toBe(200);
      const list = (Array.isArray(sessions.body) ? sessions.body : sessions.body.data) as unknown[];
      expect(list).toHaveLength(2);
    });

    it('links a verified local account whose e-mail Google has verified: same account, password still works', async () => {
      const local = await createUser(t, { name: 'Lena Local', password: 'local-password' });
      const google_ = person(local.email, true, 'Lena at Google');

      const message = await completeSignIn(t);

      expect(message.user).toMatchObject({ _id: local._id, name: 'Lena Local', provider: 'local' });
      expect(await rowsWithEmail(local.email)).toHaveLength(1);
      const [row] = await rowsWithEmail(local.email);
      expect(row.googleId).toBe(google_.sub);
      expect((await login(t, local.email, 'local-password'))._id).toBe(local._id);
    });

    it('does not let an unverified Google e-mail take over a local account', async () => {
      const local = await createUser(t, { name: 'Vera Victim' });
      person(local.email, false, 'Mallory');

      const res = await signInWithGoogle(browser(t));

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_unverified`);
      const [row] = await rowsWithEmail(local.email);
      expect(row).toMatchObject({ id: local._id, googleId: null, name: 'Vera Victim', provider: 'local' });
    });

    it('creates no account for an unverified Google e-mail either', async () => {
      const email = uniqueEmail('unverified');
      person(email, false);

      const res = await signInWithGoogle(browser(t));

      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_unverified`);
      expect(await rowsWithEmail(email)).toHaveLength(0);
    });

    it('makes a new Google user a member of the boards their e-mail was invited to', async () => {
      const owner = await createUser(t, { name: 'Olive Owner' });
      const board = await createBoard(t, owner, 'Launch plan');
      const email = uniqueEmail('invited');
      const invite = await t.http.post(`/api/boards/${board._id}/members`).set(owner.auth).send({ email });
      expect(invite.status).toBe(201);
      person(email);

      const message = await completeSignIn(t);

      const boards = await t.http.get('/api/boards').set('Authorization', `Bearer ${message.token}`);
      expect((boards.body as { _id: string }[]).map((b) => b._id)).toContain(board._id);
    });

    it('refuses a password change for a Google account', async () => {
      person(uniqueEmail('nopass'));
      const { token } = await completeSignIn(t);

      const res = await t.http
        .put('/api/users/change-password')
        .set('Authorization', `Bearer ${token}`)
        .send({ currentPassword: 'anything1', newPassword: 'something-new' });

      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it('serves the popup script under the CSP (no inline code needed)', async () => {
      const res = await t.http.get('/api/auth/google/popup.js');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.text).toContain("fetch('/api/auth/google/exchange'");
      expect(res.text).toContain('window.opener.postMessage(');
      expect(res.text).toContain('targetOrigin)');
    });
  });

  describe('refusals end on /login with a reason, never an error page', () => {
    it('refuses a callback whose state is not the one this browser started with', async () => {
      person(uniqueEmail('csrf'));
      const agent = browser(t);
      const start = await agent.get('/api/auth/google');
      const back = await consent(start.headers.location);
      back.searchParams.set('state', 'x'.repeat(43));

      const res = await agent.get(`${back.pathname}${back.search}`);

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
      expect(google.tokenRequests).toBe(0);
    });

    it("refuses a callback from another browser (the attacker's code and state, no cookie here)", async () => {
      person(uniqueEmail('victim'));
      const attacker = browser(t);
      const back = await consent((await attacker.get('/api/auth/google')).headers.location);

      const res = await browser(t).get(`${back.pathname}${back.search}`);

      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
      expect(google.tokenRequests).toBe(0);
    });

    it('refuses a callback without a state', async () => {
      const agent = browser(t);
      const back = await consent((await agent.get('/api/auth/google')).headers.location);
      back.searchParams.delete('state');

      const res = await agent.get(`${back.pathname}${back.search}`);

      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
    });

    it('uses the state only once', async () => {
      person(uniqueEmail('replay'));
      const agent = browser(t);
      const back = await consent((await agent.get('/api/auth/google')).headers.location);
      expect((await agent.get(`${back.pathname}${back.search}`)).status).toBe(200);

      const replay = await agent.get(`${back.pathname}${back.search}`);

      expect(replay.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
    });

    it('says the person cancelled when consent is denied', async () => {
      google.onAuthorize = (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      };

      const res = await signInWithGoogle(browser(t));

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_denied`);
    });

    it('fails cleanly when the code cannot be exchanged for a token', async () => {
      person(uniqueEmail('badcode'));
      google.onToken = (res) => {
        res.statusCode = 400;
        res.body = { error: 'invalid_grant', error_description: 'Bad code' };
      };

      const res = await signInWithGoogle(browser(t));

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
    });

    it('fails cleanly on any other error Google reports', async () => {
      google.onAuthorize = (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'server_error');
      };

      const res = await signInWithGoogle(browser(t));

      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
    });
  });
  describe('an address belongs to whoever proved it (docs/decisions.md, "Proven addresses")', () => {
    it('takes an unverified local account over: password removed, sessions and sockets ended, verified', async () => {
      // A squatter registers the victim's address with their own password and never proves it.
      const squatter = await createUser(t, { name: 'Squatter', password: 'squatter-pass', verified: false });
      const owner = await createUser(t, { name: 'Olive Owner' });
      const board = await createBoard(t, owner, 'Secret plans');
      const before = await me(squatter.token);
      expect(before.body).toMatchObject({ emailVerified: false });
      const google_ = person(squatter.email, true, 'Real Owner');

      const message = await completeSignIn(t);

      expect(message.user).toMatchObject({ _id: squatter._id, provider: 'google', emailVerified: true });
      // The squatter's token and password are worth nothing now.
      expect((await me(squatter.token)).status).toBe(401);
      const relogin = await t.http
        .post('/api/auth/login')
        .send({ email: squatter.email, password: 'squatter-pass' });
      expect(relogin.status).toBe(401);
      const [row] = await rowsWithEmail(squatter.email);
      expect(row).toMatchObject({ googleId: google_.sub, passwordHash: null, emailVerified: true });
      expect((await me(message.token)).status).toBe(200);
      expect(board._id).toBeTruthy();
    });

    it('never links a Google identity to an unverified account while keeping its password', async () => {
      const squatter = await createUser(t, { password: 'keeps-nothing', verified: false });
      person(squatter.email, true);

      await completeSignIn(t);

      const [row] = await rowsWithEmail(squatter.email);
      expect(row.passwordHash).toBeNull();
    });
  });

  describe('POST /api/auth/google/exchange (login CSRF: a code signs in only the browser that started)', () => {
    const exchange = (agent = browser(t), code: unknown) =>
      agent.post('/api/auth/google/exchange').send({ code });

    it('refuses a code in a browser that did not start the sign-in (a link sent to a victim)', async () => {
      person(uniqueEmail('attacker'));
      const attacker = browser(t);
      const code = pageCode((await signInWithGoogle(attacker)).text);

      const victim = browser(t);
      expect((await exchange(victim, code)).status).toBe(400);
      // Not even with a sign-in of the victim's own under way (another state).
      await victim.get('/api/auth/google');
      const res = await exchange(victim, code);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/invalid or has expired/);
      expect(res.body).not.toHaveProperty('token');
    });

    it('uses a code once', async () => {
      person(uniqueEmail('once'));
      const agent = browser(t);
      const html = (await signInWithGoogle(agent)).text;
      const code = pageCode(html);
      expect((await exchange(agent, code)).status).toBe(200);

      expect((await exchange(agent, code)).status).toBe(400);
    });

    it('refuses an expired code', async () => {
      person(uniqueEmail('late'));
      const agent = browser(t);
      const code = pageCode((await signInWithGoogle(agent)).text);
      await t.db.execute(sql`update google_sign_in_codes set expires_at = now() - interval '1 second'`);

      expect((await exchange(agent, code)).status).toBe(400);
    });

    it('never accepts a session token as the code', async () => {
      const user = await createUser(t);
      const agent = browser(t);
      await agent.get('/api/auth/google');

      const res = await exchange(agent, user.token);

      expect(res.status).toBe(400);
    });

    it('answers 400 for a missing or malformed code', async () => {
      for (const code of [undefined, '', 42, 'not a code!', 'x'.repeat(500)]) {
        expect((await exchange(browser(t), code)).status).toBe(400);
      }
    });

    it('gives the popup the same message as before: {type, token, user}', async () => {
      person(uniqueEmail('popup'));
      const agent = browser(t);
      const message = await popupMessage(agent, (await signInWithGoogle(agent)).text);
      expect(message).toMatchObject({ type: 'GOOGLE_AUTH_SUCCESS', token: expect.any(String) });
      expect(message.user).not.toHaveProperty('token');
    });
  });
});
