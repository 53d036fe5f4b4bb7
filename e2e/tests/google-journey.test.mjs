// @ts-check
// Google sign-in in a real browser: the app (a second server, configured with GOOGLE_* against a
// local OAuth 2 server from oauth2-mock-server) opens the popup, the provider approves at once,
// and the opener lands signed in. A second run signs the same person in again, without a duplicate.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { launchBrowser, screenshot, uniqueEmail } from '../support/browser.mjs';
import { freePort, waitForHealth } from '../support/server.mjs';

const root = join(import.meta.dirname, '..', '..');

describe('a person signs in with Google', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {OAuth2Server} */
  let google;
  /** @type {import('node:child_process').ChildProcess} */
  let server;
  let baseUrl = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'papan-e2e-google-'));
  const person = {
    sub: `google-${Date.now()}`,
    email: uniqueEmail('gina'),
    email_verified: true,
    name: 'Gina Google',
  };

  before(async () => {
    google = new OAuth2Server();
    await google.issuer.keys.generate('RS256');
    await google.start(0, '127.0.0.1');
    google.service.on('beforeUserinfo', (/** @type {{ body: unknown }} */ res) => {
      res.body = { ...person };
    });
    const issuer = /** @type {string} */ (google.issuer.url);
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    server = spawn(process.execPath, ['backend/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        APP_ORIGIN: baseUrl,
        GOOGLE_CLIENT_ID: 'papan-e2e-client',
        GOOGLE_CLIENT_SECRET: 'papan-e2e-secret',
        GOOGLE_AUTH_URL: `${issuer}/authorize`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(`${baseUrl}/api/health`);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await google?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Clicks the Google button on `path`, lets the popup run, answers the signed-in user.
   * @param {string} path @param {string} [shot] a screenshot name for the page before the click
   */
  async function signIn(path, shot) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = /** @type {string[]} */ ([]);
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}${path}`);
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await button.waitFor();
    if (shot) await screenshot(page, shot);

    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.waitForEvent('close', { timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: /Gina Google/ }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert.ok(token, 'the session token is stored');
    const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.status, 200);
    assert.deepEqual(errors, []);
    await context.close();
    return /** @type {{ _id: string, email: string, provider: string }} */ (await me.json());
  }

  let firstId = '';

  it('signs in through the popup and lands on home with a Google account', async () => {
    const user = await signIn('/login', 'login-with-google');
    assert.equal(user.email, person.email);
    assert.equal(user.provider, 'google');
    firstId = user._id;
  });

  it('signs the same person in again, from /register, into the same account', async () => {
    const again = await signIn('/register');
    assert.equal(again._id, firstId);
  });
});
