// @ts-check
// Two-factor sign-in in a real browser (docs/api.md, "Two-factor sign-in"): Settings › Security sets
// it up (a QR code drawn in the browser, the key as text), a code from an authenticator (computed
// here with otpauth from the key the page shows) turns it on, the ten recovery codes are shown once;
// then signing in asks for a code, and later takes a recovery code. axe finds nothing serious on
// the setup, the recovery codes and the code step, in dark and in Indonesian.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Secret, TOTP } from 'otpauth';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { launchBrowser, BASE_URL, screenshot } from '../support/browser.mjs';
import {
  logOut,
  newAppContext,
  loginToken,
  registerAccount,
  submitLogin,
  watchErrors,
} from '../support/app.mjs';

/** What an authenticator app shows `steps` 30-second steps from now. @param {string} key @param {number} steps */
function codeAt(key, steps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

describe('a person turns on two-factor sign-in and signs in with it', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof registerAccount>>} */
  let tari;
  let key = '';
  /** @type {string[]} */
  let recoveryCodes = [];

  before(async () => {
    browser = await launchBrowser();
    tari = await registerAccount('Tari Dua', 'tari-password-1');
  });
  after(async () => {
    await browser?.close();
  });

  it('sets it up in Settings: QR code, key, a code, then the recovery codes once', async () => {
    const context = await newAppContext(browser, { token: await loginToken(tari), theme: 'dark' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/settings/security`);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    assert.match(String(await qr.getAttribute('src')), /^data:image\/png;base64,/);
    assert.ok(((await qr.boundingBox())?.width ?? 0) >= 150, 'the QR code is large enough to scan');
    key = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    assert.match(key, /^[A-Z2-7]{32}$/);
    await assertNoSeriousViolations(page, 'two-factor setup (dark)');
    await screenshot(page, 'settings-two-factor-setup');

    // The code of the step before this one: the current and next steps stay free for the sign-ins.
    await page.getByLabel('Code from your app').fill(codeAt(key, -1));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((s) => s.trim());
    assert.equal(recoveryCodes.length, 10);
    for (const code of recoveryCodes) assert.match(code, /^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await assertNoSeriousViolations(page, 'two-factor recovery codes (dark)');
    await screenshot(page, 'settings-two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Two-factor sign-in is on.').waitFor();
    assert.equal(await list.count(), 0, 'the codes are shown only once');

    await logOut(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const context = await newAppContext(browser, { theme: 'light' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await submitLogin(page, tari);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    assert.equal(
      await page.evaluate(() => localStorage.getItem('token')),
      null,
      'no session before the code',
    );

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();

    await page.getByLabel('Authentication code').fill(codeAt(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('heading', { name: 'Welcome, Tari Dua!' }).waitFor();
    await logOut(page);
    await context.close();
  });

  it('takes a recovery code instead, once', async () => {
    const context = await newAppContext(browser, { theme: 'light' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await submitLogin(page, tari);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('heading', { name: 'Welcome, Tari Dua!' }).waitFor();
    await context.close();

    // The same recovery code a second time: refused.
    const login = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: tari.email, password: tari.password }),
    });
    const { challenge } = await login.json();
    const again = await fetch(`${BASE_URL}/api/auth/2fa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge, recoveryCode: recoveryCodes[0] }),
    });
    assert.equal(again.status, 401);
  });

  it('reads in Indonesian and has nothing serious for axe on the code step in dark', async () => {
    const context = await newAppContext(browser, { theme: 'dark', language: 'id' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await page.locator('input[name="email"]').fill(tari.email);
    await page.locator('input[name="password"]').fill(tari.password);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('heading', { name: 'Verifikasi dua langkah' }).waitFor();
    await page.getByLabel('Kode autentikasi').waitFor();
    await page.getByRole('button', { name: 'Gunakan kode pemulihan' }).waitFor();
    await assertNoSeriousViolations(page, 'two-factor code step (dark, Indonesian)');
    await screenshot(page, 'login-two-factor-id-dark');
    await context.close();
  });
});
