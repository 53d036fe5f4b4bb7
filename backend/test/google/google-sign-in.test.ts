import { eq } from 'drizzle-orm';
import { users } from '../../src/database/schema';
import { createBoard, createUser, login, uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { attribute, browser, consent, FakeGoogle, popupMessage, signInWithGoogle } from './google-provider';

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
    it('creates a Google account and answers a page that posts the token to APP_ORIGIN only', async () => {
      const gina = person(uniqueEmail('gina'));

      const res = await signInWithGoogle(browser(t));

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      // helmet's CSP stays as strict as everywhere: the page's script is an external one of ours.
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      expect(res.text).toContain('<script src="/api/auth/google/popup.js"></script>');
      expect(res.text).not.toMatch(/<script>/);
      expect(attribute(res.text, 'data-target-origin')).toBe(APP_ORIGIN);
      const message = popupMessage(res.text);
      expect(message).toMatchObject({
        type: 'GOOGLE_AUTH_SUCCESS',
        token: expect.any(String),
        user: { name: 'Gina Google', email: gina.email, provider: 'google', role: 'MEMBER' },
      });
      expect(message.user).not.toHaveProperty('token');
      expect(attribute(res.text, 'data-fallback')).toBe(
        `${APP_ORIGIN}/auth/callback?token=${encodeURIComponent(message.token)}`,
      );
      const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
      expect(cleared).toMatch(/papan_google_state=;.*Expires=Thu, 01 Jan 1970/);

      const account = await me(message.token);
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ _id: message.user._id, email: gina.email, provider: 'google' });
      const [row] = await rowsWithEmail(gina.email!);
      expect(row).toMatchObject({ provider: 'google', googleId: gina.sub, passwordHash: null });
    });

    it('signs the same person in again without a second account, each time with a new login session', async () => {
      const gina = person(uniqueEmail('again'));
      const first = popupMessage((await signInWithGoogle(browser(t))).text);
      const second = popupMessage((await signInWithGoogle(browser(t))).text);

      expect(second.user._id).toBe(first.user._id);
      expect(await rowsWithEmail(gina.email!)).toHaveLength(1);
      const sessions = await t.http.get('/api/sessions').set('Authorization', `Bearer ${second.token}`);
      expect(sessions.status).toBe(200);
      const list = (Array.isArray(sessions.body) ? sessions.body : sessions.body.data) as unknown[];
      expect(list).toHaveLength(2);
    });

    it('links a local account whose e-mail Google has verified: same account, password still works', async () => {
      const local = await createUser(t, { name: 'Lena Local', password: 'local-password' });
      const google_ = person(local.email, true, 'Lena at Google');

      const message = popupMessage((await signInWithGoogle(browser(t))).text);

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

      const message = popupMessage((await signInWithGoogle(browser(t))).text);

      const boards = await t.http.get('/api/boards').set('Authorization', `Bearer ${message.token}`);
      expect((boards.body as { _id: string }[]).map((b) => b._id)).toContain(board._id);
    });

    it('refuses a password change for a Google account', async () => {
      person(uniqueEmail('nopass'));
      const { token } = popupMessage((await signInWithGoogle(browser(t))).text);

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
      expect(res.text).toContain('window.opener.postMessage(message, targetOrigin)');
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
});
