// @ts-check
// Governance in a real browser (docs/product.md, "Administrator area"): the administrator signs in,
// closes registration and posts an announcement on the Settings page; the register page then says
// registration is closed; a member sees the announcement and dismisses it for good; the Audit page
// lists the administrator's sign-in and the settings change, and Verify finds the chain intact; the
// dashboard's health panel lists this instance. axe finds nothing serious in dark and in Indonesian.
// The settings are put back as they were at the end: the other journeys register people.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import {
  callApi,
  loginToken,
  newAppContext,
  registerAccount,
  submitLogin,
  watchErrors,
} from '../support/app.mjs';

const admin = {
  name: 'Ada Admin',
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@papan.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-e2e',
};
const OPEN = {
  registration: 'open',
  allowedEmailDomains: [],
  announcement: null,
  requireTwoFactorForAdmins: false,
};
const ANNOUNCEMENT = `Maintenance tonight at 22:00 (${Date.now()})`;

describe('the administrator governs the instance', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof registerAccount>>} */
  let member;
  let adminToken = '';

  before(async () => {
    browser = await launchBrowser();
    member = await registerAccount('Mira Member');
    adminToken = await loginToken(admin);
  });
  after(async () => {
    await callApi(adminToken, 'PUT', '/api/admin/settings', OPEN);
    await browser?.close();
  });

  it('closes registration and posts an announcement; the register page says registration is closed', async () => {
    const context = await newAppContext(browser, { theme: 'light' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/login`);
    await submitLogin(page, admin);
    await page.waitForURL(`${BASE_URL}/admin`);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${BASE_URL}/admin/settings`);
    await page.getByRole('radio', { name: /^Closed/ }).check();
    await page.getByLabel('Text').fill(ANNOUNCEMENT);
    await page.getByLabel('Level').selectOption('warning');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const stored = await callApi(adminToken, 'GET', '/api/admin/settings');
    assert.equal(stored.registration, 'closed');
    assert.deepEqual(stored.announcement, { text: ANNOUNCEMENT, level: 'warning' });
    await screenshot(page, 'admin-settings', { fullPage: false });
    assert.deepEqual(errors, []);

    const visitor = await newAppContext(browser, { theme: 'light' });
    const register = await visitor.newPage();
    await register.goto(`${BASE_URL}/register`);
    await register
      .getByText('Registration is closed on this server. Ask an administrator for an invitation.')
      .waitFor();
    assert.equal(await register.getByRole('button', { name: 'Register' }).count(), 0);
    const refused = await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Late',
        email: `late-${Date.now()}@papan.test`,
        password: 'secret-password',
      }),
    });
    assert.equal(refused.status, 403);
    await visitor.close();
    await context.close();
  });

  it('shows the announcement to a member until they dismiss it', async () => {
    const context = await newAppContext(browser, { token: await loginToken(member), theme: 'light' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/`);
    const banner = page.getByRole('region', { name: 'Announcement' });
    await banner.getByText(ANNOUNCEMENT).waitFor();
    await screenshot(page, 'announcement-banner', { fullPage: false });
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${member.name}!` }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Announcement' }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('lists the sign-in and the settings change in the audit log, verifies it, and shows the health panel', async () => {
    const context = await newAppContext(browser, { token: adminToken, theme: 'light' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/admin/audit`);
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    await table.waitFor();
    const settingsRow = table.getByRole('row').filter({ hasText: 'Settings changed' }).first();
    await settingsRow.getByText(admin.email).waitFor();
    await settingsRow.getByText(ANNOUNCEMENT, { exact: false }).waitFor();
    const signIn = table.getByRole('row').filter({ hasText: 'auth.signin' }).filter({ hasText: admin.email });
    await signIn.first().waitFor();

    await page.getByRole('combobox', { name: 'Action' }).selectOption('admin.settings.changed');
    await table.getByRole('row').filter({ hasText: 'auth.signin' }).first().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/^Intact: \d+ entries checked\.$/).waitFor();
    await screenshot(page, 'admin-audit', { fullPage: false });

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${BASE_URL}/admin`);
    const health = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Health' }) });
    await health.getByText(/^1 instance$/).waitFor();
    await health.getByText('Embedded (PGlite)', { exact: false }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('has nothing serious for axe on the audit, settings, dashboard, banner and register pages in dark and Indonesian', async () => {
    // The announcement again, for the member's screen (they dismissed the first one).
    await callApi(adminToken, 'PUT', '/api/admin/settings', {
      ...OPEN,
      registration: 'closed',
      announcement: { text: `${ANNOUNCEMENT} (2)`, level: 'info' },
    });
    for (const language of /** @type {const} */ (['en', 'id'])) {
      const context = await newAppContext(browser, { token: adminToken, theme: 'dark', language });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${BASE_URL}/admin/audit`);
      await page.getByRole('table').waitFor();
      if (language === 'id') await page.getByRole('heading', { name: 'Log Audit' }).waitFor();
      await assertNoSeriousViolations(page, `the audit page (dark, ${language})`);
      await page.goto(`${BASE_URL}/admin/settings`);
      await page.getByRole('radio').first().waitFor();
      if (language === 'id') await page.getByRole('heading', { name: 'Pengaturan', level: 1 }).waitFor();
      await assertNoSeriousViolations(page, `the settings page (dark, ${language})`);
      await page.goto(`${BASE_URL}/admin`);
      await page.getByText(language === 'id' ? /^1 instans$/ : /^1 instance$/).waitFor();
      await assertNoSeriousViolations(page, `the dashboard with its health panel (dark, ${language})`);
      if (language === 'id') await screenshot(page, 'admin-health-dark-id', { fullPage: true });
      assert.deepEqual(errors, []);
      await context.close();

      const memberContext = await newAppContext(browser, {
        token: await loginToken(member),
        theme: 'dark',
        language,
      });
      const home = await memberContext.newPage();
      await home.goto(`${BASE_URL}/`);
      await home
        .getByRole('region', { name: language === 'id' ? 'Pengumuman' : 'Announcement' })
        .getByText(`${ANNOUNCEMENT} (2)`)
        .waitFor();
      await assertNoSeriousViolations(home, `the announcement banner (dark, ${language})`);
      await memberContext.close();

      const visitor = await newAppContext(browser, { theme: 'dark', language });
      const register = await visitor.newPage();
      await register.goto(`${BASE_URL}/register`);
      await register
        .getByText(
          language === 'id' ? /Pendaftaran ditutup di server ini/ : /Registration is closed on this server/,
        )
        .waitFor();
      await assertNoSeriousViolations(register, `the closed register page (dark, ${language})`);
      await visitor.close();
    }
  });
});
