// @ts-check
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { logOut, submitLogin } from '../support/app.mjs';
import { BASE_URL, launchBrowser, screenshot, uniqueEmail } from '../support/browser.mjs';

describe('a person signs up and signs in', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('registers, logs in, lands on home, stays signed in after a reload and logs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = /** @type {string[]} */ ([]);
    page.on('pageerror', (e) => errors.push(e.message));
    // The initials avatars come from an outside service this machine cannot reach; that is not an app error.
    page.on(
      'console',
      (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()),
    );
    const email = uniqueEmail();

    await page.goto(`${BASE_URL}/`);
    await page
      .getByRole('link', { name: /Get Started/i })
      .first()
      .waitFor();
    await screenshot(page, 'landing');
    await page.goto(`${BASE_URL}/register`);
    await page.getByLabel('Full Name').fill('Siti Rahma');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-password');
    await page.getByLabel('Confirm Password').fill('secret-password');
    await screenshot(page, 'register');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${BASE_URL}/login`, { timeout: 10_000 });

    await submitLogin(page, { name: 'Siti Rahma', email, password: 'secret-password' });
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('heading', { name: /Siti Rahma/ }).waitFor();
    assert.ok(await page.evaluate(() => localStorage.getItem('token')));
    await screenshot(page, 'home');

    await page.reload();
    await page.getByRole('heading', { name: /Siti Rahma/ }).waitFor();

    await logOut(page);
    await page.waitForURL(`${BASE_URL}/`);
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page
      .getByRole('link', { name: /Get Started/i })
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the server message for bad credentials and keeps the visitor out of logged-in pages', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/help`);
    await page.waitForURL(`${BASE_URL}/login`);
    await submitLogin(page, { name: 'Nobody', email: uniqueEmail('nobody'), password: 'wrong-password' });
    await page.getByText('Invalid email or password').waitFor();
    await context.close();
  });
});
