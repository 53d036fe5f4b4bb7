import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { createUser, type TestUser } from '../helpers/factories';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const ALLOWED = 'https://papan.example';
const FOREIGN = 'https://evil.example';

/** The directives of a Content-Security-Policy header, by name. */
function csp(res: Response): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(what: string, res: Response) {
  const policy = csp(res);
  expect({ what, csp: policy }).toMatchObject({
    csp: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
    },
  });
  // No inline or eval'd script may run, whatever got into the page.
  expect({ what, scriptSrc: policy['script-src'].join(' ') }).not.toMatchObject({
    scriptSrc: expect.stringMatching(/unsafe-inline|unsafe-eval|\*/),
  });
  expect({ what, headers: res.headers }).toMatchObject({
    headers: {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': expect.stringMatching(/max-age=\d{7,}; includeSubDomains/),
    },
  });
}

describe('security headers, CORS and socket.io origins', () => {
  let t: TestApp;
  let dist: string;
  let user: TestUser;
  let picture: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'papan-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    // TRUST_PROXY as behind a TLS-terminating proxy; ALLOWED_ORIGINS naming one site.
    t = await startTestApp({ frontendDist: dist, trustProxy: true, allowedOrigins: [ALLOWED] });
    user = await createUser(t);
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const res = await t.http.put('/api/users/profile').set(user.auth).attach('profilePicture', png, 'a.png');
    picture = res.body.user.profilePictureUrl as string;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('on every kind of answer', () => {
    const answers: [string, (t: TestApp, u: TestUser) => Promise<Response>][] = [
      ['API JSON', (t) => t.http.get('/api/health')],
      ['authenticated API JSON', (t, u) => t.http.get('/api/auth/me').set(u.auth)],
      ['401', (t) => t.http.get('/api/auth/me')],
      ['400 validation error', (t) => t.http.post('/api/auth/login').send({})],
      ['400 malformed JSON', (t) => t.http.post('/api/auth/login').type('json').send('{"a":')],
      ['404 under /api', (t) => t.http.get('/api/does-not-exist')],
      ['404 under /uploads', (t) => t.http.get('/uploads/missing.png')],
      ['static index.html', (t) => t.http.get('/')],
      ['single-page app route', (t) => t.http.get('/board/123')],
      ['built asset', (t) => t.http.get('/assets/app.js')],
      ['uploaded picture', (t) => t.http.get(picture)],
      ['Google popup script', (t) => t.http.get('/api/auth/google/popup.js')],
    ];
    it.each(answers)(
      '%s carries CSP, HSTS, nosniff, Referrer-Policy and frame-ancestors',
      async (what, get) => {
        expectSecurityHeaders(what, await get(t, user));
      },
    );

    it('sends HSTS behind an https proxy (X-Forwarded-Proto: https with TRUST_PROXY)', async () => {
      const res = await t.http.get('/api/health').set('X-Forwarded-Proto', 'https');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });
  });

  describe('CORS', () => {
    it('gives a preflight from a foreign origin no Access-Control-Allow-Origin', async () => {
      const res = await t.http
        .options('/api/boards')
        .set('Origin', FOREIGN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      // (@fastify/cors still says allow-credentials; without an allowed origin the browser refuses.)
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('gives a plain request from a foreign origin no Access-Control-Allow-Origin', async () => {
      const res = await t.http.get('/api/auth/me').set(user.auth).set('Origin', FOREIGN);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('allows an origin listed in ALLOWED_ORIGINS, and only that one', async () => {
      const res = await t.http
        .options('/api/boards')
        .set('Origin', ALLOWED)
        .set('Access-Control-Request-Method', 'POST');
      expect(res.status).toBeLessThan(300);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
      const lookalike = await t.http
        .options('/api/boards')
        .set('Origin', `${ALLOWED}.evil.example`)
        .set('Access-Control-Request-Method', 'POST');
      expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('socket.io handshake', () => {
    it('sends the security headers on its own long-polling answers too', async () => {
      const url = await listen(t);
      const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^0\{"sid"/);
      expect(Object.fromEntries(res.headers)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.stringMatching(/max-age=\d{7,}; includeSubDomains/),
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
    });

    it.each(['polling', 'websocket'])('refuses a foreign Origin over %s', async (transport) => {
      const url = await listen(t);
      await expect(
        connect(url, user.token, { transports: [transport], extraHeaders: { Origin: FOREIGN } }),
      ).rejects.toThrow();
    });

    it.each(['polling', 'websocket'])('accepts an origin from ALLOWED_ORIGINS over %s', async (transport) => {
      const url = await listen(t);
      const socket = await connect(url, user.token, {
        transports: [transport],
        extraHeaders: { Origin: ALLOWED },
      });
      expect(socket.connected).toBe(true);
      socket.close();
    });
  });
});
