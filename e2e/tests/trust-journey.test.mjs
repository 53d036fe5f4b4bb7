// @ts-check
// Proven addresses (docs/decisions.md, "Proven addresses") in the browser, with the mail going
// through a real SMTP server (run.mjs): a new account proves its address from the e-mailed link,
// and a forgotten password is reset from another link, which also ends every session opened before.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginToken, newAppContext, registerAccount, submitLogin, watchErrors } from '../support/app.mjs';
import { BASE_URL, launchBrowser, screenshot, uniqueEmail } from '../support/browser.mjs';
import { linkIn, waitForMail } from '../support/mailbox.mjs';
import { translator } from '../support/translations.mjs';

const BANNER = /Please verify your email address\. We sent a link to/;
/** A spent link is refused with 400 on purpose; the browser and the api client log it. */
const REFUSED_LINK = [/Request failed \(400\)/, /Failed to load resource: .* 400/];

/** GET /api/auth/me with a token: the status, and the user when 200. @param {string} token */
async function me(token) {
  const response = await fetch(`${BASE_URL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, user: response.ok ? await response.json() : null };
}

describe('accounts that prove who they are', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('registers, gets the verification mail, opens its link and the banner is gone', async () => {
    const context = await newAppContext(browser, { theme: 'light', language: 'en' });
    const page = await context.newPage();
    const errors = watchErrors(page, REFUSED_LINK);
    const account = { name: 'Sari Verified', email: uniqueEmail('sari'), password: 'secret-password' };

    await page.goto(`${BASE_URL}/register`);
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(`We sent a link to ${account.email} to verify your email address.`).waitFor();
    await screenshot(page, 'trust-register-sent-light-en', { fullPage: false });
    await page.waitForURL(`${BASE_URL}/login`, { timeout: 10_000 });

    // Signed in before verifying: the banner asks for the link, and names the address.
    await submitLogin(page, account);
    await page.waitForURL(`${BASE_URL}/`);
    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.getByText(BANNER).waitFor();
    assert.match(await banner.innerText(), new RegExp(account.email.replace(/[.+]/g, '\\$&')));

    const mail = await waitForMail(account.email, { subject: /^Verify your email address for Papan$/ });
    assert.match(mail.text, /^Hi Sari Verified,/);
    await page.goto(linkIn(mail, '/verify-email'));
    await page.getByText('Your email address is verified.').waitFor();
    await screenshot(page, 'trust-verified-light-en', { fullPage: false });

    await page.getByRole('link', { name: 'Continue to Papan' }).click();
    await page.getByRole('heading', { name: `Welcome, ${account.name}!` }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Email verification' }).count(), 0);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert.equal((await me(token ?? '')).user?.emailVerified, true);

    // The link works once: opened again, it is refused, and the page says the address is verified.
    await page.goto(linkIn(mail, '/verify-email'));
    await page.getByText('Your email address is already verified.').waitFor();
    assert.deepEqual(
      errors.filter((error) => !/Request failed \(400\)/.test(error)),
      [],
    );
    await context.close();
  });

  it('resets a forgotten password from the mailed link: older sessions end, the new password works', async () => {
    const account = await registerAccount('Rina Reset', 'old-password-1');
    const before = await loginToken(account);
    assert.equal((await me(before)).status, 200);

    const context = await newAppContext(browser, { theme: 'dark', language: 'en' });
    const page = await context.newPage();
    const errors = watchErrors(page, REFUSED_LINK);
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for that address, we have sent a link to reset its password.')
      .waitFor();
    await screenshot(page, 'trust-forgot-sent-dark-en', { fullPage: false });

    const mail = await waitForMail(account.email, { subject: /^Reset your Papan password$/ });
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm New Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await screenshot(page, 'trust-reset-done-dark-en', { fullPage: false });

    // Every session of the account ended, the one opened before the reset included.
    assert.equal((await me(before)).status, 401);

    await page.getByRole('link', { name: 'Log in with your new password' }).click();
    await submitLogin(page, { ...account, password: 'new-password-2' });
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('heading', { name: `Welcome, ${account.name}!` }).waitFor();
    const response = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: 'old-password-1' }),
    });
    assert.equal(response.status, 401);

    // The same link is spent: opened again, it says so and offers a new one.
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByLabel('New Password', { exact: true }).fill('new-password-3');
    await page.getByLabel('Confirm New Password').fill('new-password-3');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page
      .getByText('This password reset link is invalid, has already been used or has expired.')
      .waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    assert.deepEqual(
      errors.filter((error) => !/Request failed \(400\)/.test(error)),
      [],
    );
    await context.close();
  });

  it('sends the reset mail in the language of the screen that asked for it', async () => {
    const account = await registerAccount('Budi Bahasa');
    const context = await newAppContext(browser, { theme: 'light', language: 'id' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/forgot-password`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Kirim tautan atur ulang' }).click();
    await page.getByText('Jika ada akun dengan alamat tersebut').waitFor();

    const mail = await waitForMail(account.email, { subject: /^Atur ulang kata sandi Papan Anda$/ });
    assert.match(mail.text, /^Halo Budi Bahasa,/);
    await context.close();
  });

  it('shows the banner in light and dark, English and Indonesian', async () => {
    const account = await registerAccount('Wulan Banner', 'secret-password', undefined, { verified: false });
    const token = await loginToken(account);
    for (const theme of /** @type {const} */ (['light', 'dark'])) {
      for (const language of /** @type {const} */ (['en', 'id'])) {
        const t = translator(language);
        const context = await newAppContext(browser, { token, theme, language });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(`${BASE_URL}/projects`);
        const banner = page.getByRole('region', { name: t('auth.verifyBanner.label') });
        const message = t('auth.verifyBanner.message', { email: account.email }).replace(/<\/?b>/g, '');
        await banner.getByText(message).waitFor();
        await page.getByRole('heading', { name: t('projects.title') }).waitFor();
        await banner.getByRole('button', { name: t('auth.verifyBanner.resend') }).waitFor();
        await screenshot(page, `trust-banner-${theme}-${language}`, { fullPage: false });
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });

  it('lets the administrator mark an unverified address verified from the user list', async () => {
    const admin = {
      name: 'Ada Admin',
      email: process.env.E2E_ADMIN_EMAIL ?? 'admin@papan.test',
      password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-e2e',
    };
    const account = await registerAccount('Tono Santoso', 'secret-password', undefined, {
      verified: false,
    });
    const adminToken = await loginToken(admin);
    for (const theme of /** @type {const} */ (['light', 'dark'])) {
      const context = await newAppContext(browser, { token: adminToken, theme, language: 'en' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${BASE_URL}/admin`);
      await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(account.email);
      await page.getByText(/^1 of \d+ users found\.$/).waitFor();
      const row = page.getByRole('row').filter({ hasText: account.email });
      if (theme === 'light') {
        await row.getByText('Unverified', { exact: true }).waitFor();
        await row.scrollIntoViewIfNeeded();
        await screenshot(page, `trust-admin-unverified-${theme}-en`, { fullPage: false });
        await row.getByRole('button', { name: /Mark verified/ }).click();
        await page.getByText(`${account.email} is now verified.`).waitFor();
      }
      await row.getByText('Verified', { exact: true }).waitFor();
      assert.equal(await row.getByRole('button', { name: /Mark verified/ }).count(), 0);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `trust-admin-verified-${theme}-en`, { fullPage: false });
      assert.deepEqual(errors, []);
      await context.close();
    }
    assert.equal((await me(await loginToken(account))).user?.emailVerified, true);
  });
});
