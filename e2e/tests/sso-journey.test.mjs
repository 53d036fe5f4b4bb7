// @ts-check
// Single sign-on in a real browser (docs/api.md, "Single sign-on"): a second app server configured
// with OIDC_* against a real OpenID provider on the loopback (oidc-provider, the test provider of
// backend/test/helpers/oidc-provider.mjs), whose own login and consent forms the browser fills in.
// A new person, the same person again, an address the provider does not vouch for, and an existing
// local account that is linked only after its password.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOidcProvider } from '../../backend/test/helpers/oidc-provider.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { launchBrowser, screenshot, uniqueEmail } from '../support/browser.mjs';
import { freePort, waitForHealth } from '../support/server.mjs';

const root = join(import.meta.dirname, '..', '..');
const SSO_NAME = 'Campus SSO';

describe('a person signs in with single sign-on', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof startOidcProvider>>} */
  let provider;
  /** @type {import('node:child_process').ChildProcess} */
  let server;
  let baseUrl = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'papan-e2e-sso-'));

  before(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    provider = await startOidcProvider({ redirectUris: [`${baseUrl}/api/auth/oidc/callback`] });
    server = spawn(process.execPath, ['backend/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        APP_ORIGIN: baseUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: SSO_NAME,
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
    await provider?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A new browser on /login; answers its page. */
  async function loginPage() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    return page;
  }

  /**
   * Clicks the single sign-on button and signs in at the provider's own forms as `login`.
   * @param {import('playwright-core').Page} page @param {string} login
   */
  async function throughProvider(page, login) {
    await page.getByRole('link', { name: `Continue with ${SSO_NAME}` }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  /** The signed-in account, from the token the page keeps. @param {import('playwright-core').Page} page */
  async function account(page) {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert.ok(token, 'the session token is stored');
    const me = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.status, 200);
    return /** @type {{ _id: string, email: string, provider: string, emailVerified: boolean }} */ (
      await me.json()
    );
  }

  const nadia = uniqueEmail('nadia');
  let nadiaId = '';

  it('offers the button named OIDC_NAME, axe-clean, and creates a new person verified by the provider', async () => {
    const page = await loginPage();
    await page.getByRole('link', { name: `Continue with ${SSO_NAME}` }).waitFor();
    await assertNoSeriousViolations(page, 'login with single sign-on');
    await screenshot(page, 'login-with-sso');
    await throughProvider(page, nadia);

    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: /Welcome, Nadia/ }).waitFor();
    const me = await account(page);
    assert.equal(me.email, nadia);
    assert.equal(me.provider, 'oidc');
    assert.equal(me.emailVerified, true);
    nadiaId = me._id;
    await page.context().close();
  });

  it('signs the same person in again, from /register, into the same account', async () => {
    const page = await loginPage();
    await page.goto(`${baseUrl}/register`);
    await throughProvider(page, nadia);
    await page.waitForURL(`${baseUrl}/`);
    assert.equal((await account(page))._id, nadiaId);
    await page.context().close();
  });

  it('never reaches an existing account through an address the provider does not vouch for', async () => {
    const page = await loginPage();
    await throughProvider(page, `unverified:${nadia}`);
    await page.waitForURL(/\/login\?error=oidc_email_taken/);
    await page.getByRole('alert').filter({ hasText: 'your provider has not verified the address' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.context().close();
  });

  it('links an existing local account only after its password, in the same browser', async () => {
    const lena = { name: 'Lena Local', email: uniqueEmail('lena'), password: 'lena-password-1' };
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lena),
    });
    assert.equal(registered.status, 201);

    const page = await loginPage();
    await throughProvider(page, lena.email);
    await page.waitForURL(/\/login\?error=oidc_link_pending/);
    await page.getByRole('status').filter({ hasText: 'Sign in with your password once, here' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await screenshot(page, 'login-sso-link-pending');

    await page.getByLabel('Email').fill(lena.email);
    await page.getByLabel('Password', { exact: true }).fill(lena.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const linked = await account(page);
    await page.context().close();

    // From now on single sign-on reaches that account, which stays a local one.
    const again = await loginPage();
    await throughProvider(again, lena.email);
    await again.waitForURL(`${baseUrl}/`);
    const me = await account(again);
    assert.equal(me._id, linked._id);
    assert.equal(me.provider, 'local');
    await again.context().close();
  });
});
