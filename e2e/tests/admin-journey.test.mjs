// @ts-check
/* global document -- page.waitForFunction callbacks run in the browser */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { callApi, loginToken, registerAccount, submitLogin, VIEWPORT } from '../support/app.mjs';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';

const admin = {
  name: 'Ada Admin',
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@papan.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-e2e',
};

/** @param {import('playwright-core').Page} page @param {RegExp} name */
async function statValue(page, name) {
  const text = await page.getByRole('button', { name }).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

describe('the administrator', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('sees live counts and charts, changes a role, bulk-deletes two users and deletes a board', async () => {
    const tag = `bulk${Date.now()}`;
    const [first, second, promoted, creator] = await Promise.all([
      registerAccount(`${tag} One`),
      registerAccount(`${tag} Two`),
      registerAccount('Promote Me'),
      registerAccount('Board Maker'),
    ]);
    const creatorToken = await loginToken(creator);
    const doomed = await callApi(creatorToken, 'POST', '/api/boards', { title: `Doomed ${tag}` });

    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await submitLogin(page, admin);
    await page.waitForURL(`${BASE_URL}/admin`);
    await page.getByRole('button', { name: /Total Users/ }).waitFor();
    await screenshot(page, 'admin-dashboard', { fullPage: false });

    await page.getByRole('button', { name: /Total Users/ }).click();
    await page.getByText('User Growth (Last 7 Days)').waitFor();
    await page.getByRole('button', { name: /Total Boards/ }).click();
    await page.getByText('Content Overview').waitFor();

    // A board created meanwhile by someone else raises the count without a reload.
    const boardsBefore = await statValue(page, /Total Boards/);
    await callApi(creatorToken, 'POST', '/api/boards', { title: 'Created meanwhile' });
    await page.waitForFunction(
      (before) => {
        const button = [...document.querySelectorAll('button')].find((b) =>
          b.textContent?.includes('Total Boards'),
        );
        return Number(button?.textContent?.replace(/[^\d]/g, '')) === before + 1;
      },
      boardsBefore,
      { timeout: 5000 },
    );

    // Find a user by part of the e-mail and toggle the role.
    const search = page.getByRole('searchbox', { name: 'Search by name or email' });
    await search.fill(promoted.email.split('@')[0].toUpperCase());
    await page.getByText(/^1 of \d+ users found\.$/).waitFor();
    await page.getByRole('button', { name: /Make Admin/ }).click();
    await page.getByRole('button', { name: /Make Member/ }).waitFor();
    const adminToken = await loginToken(admin);
    const users = await callApi(adminToken, 'GET', '/api/users');
    assert.equal(users.find((/** @type {{_id: string}} */ u) => u._id === promoted._id).role, 'ADMIN');

    // Bulk-delete the two tagged users.
    await search.fill(tag);
    await page.getByText(/^2 of \d+ users found\.$/).waitFor();
    await page.getByRole('checkbox', { name: 'Select all users shown' }).check();
    await page.getByRole('button', { name: 'Delete (2) Selected Users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 Users?' });
    await dialog
      .getByText(
        'Are you sure you want to permanently delete the selected user(s)? This action cannot be undone.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirm Delete' }).click();
    await page.getByText(/^0 of \d+ users found\.$/).waitFor();
    const left = await callApi(adminToken, 'GET', '/api/users');
    assert.ok(!left.some((/** @type {{_id: string}} */ u) => u._id === first._id || u._id === second._id));

    // Delete one board from Global Board Management.
    await page.getByRole('link', { name: 'Global Management Board' }).click();
    await page.waitForURL(`${BASE_URL}/admin/boards`);
    await page.getByRole('searchbox', { name: 'Search by title, owner name or email' }).fill(tag);
    await page.getByText(/^1 of \d+ boards found\.$/).waitFor();
    await page.getByRole('button', { name: 'Delete board' }).click();
    const boardDialog = page.getByRole('dialog', { name: `Delete Board: "Doomed ${tag}"?` });
    await boardDialog.getByRole('button', { name: 'Confirm Delete' }).click();
    await page.getByText(/^0 of \d+ boards found\.$/).waitFor();
    const boards = await callApi(adminToken, 'GET', '/api/admin/boards');
    assert.ok(!boards.some((/** @type {{_id: string}} */ b) => b._id === doomed._id));
    await screenshot(page, 'admin-boards', { fullPage: false });
    await context.close();
  });
});
