// @ts-check
/* global document, HTMLImageElement -- page.evaluate callbacks run in the browser */
// Issue 6's journeys on the real server: a visitor becomes a user and manages boards, then the
// settings: profile picture, password, login sessions, language and theme.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, uniqueEmail } from '../support/browser.mjs';
import {
  drawPng,
  logIn,
  loginToken,
  logOut,
  newAppContext,
  openAccountMenu,
  registerAccount,
  submitLogin,
  watchErrors,
} from '../support/app.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** Chooses an entry of a board card's menu. @param {Page} page @param {string} title @param {string} item */
async function chooseBoardAction(page, title, item) {
  await page.getByRole('button', { name: `Board actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The board card whose title links to the board. @param {Page} page @param {string} title */
function boardCard(page, title) {
  return page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

describe('a visitor signs up and manages boards', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('registers, logs in, creates a board, pins, archives, restores and deletes it', async () => {
    const context = await newAppContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const account = { name: 'Siti Rahma', email: uniqueEmail('journey'), password: 'secret-password' };

    // Landing → Get Started → /register.
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('heading', { level: 1, name: 'Organize your work, together' }).waitFor();
    for (const figure of ['10K+', '50K+', '99.9%', '24/7']) await page.getByText(figure).waitFor();
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL(`${BASE_URL}/register`);

    // A mismatch is refused with the product's message (docs/product.md, "Validation") and sends
    // nothing.
    let registrations = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) registrations++;
    });
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill('another-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    assert.equal(registrations, 0);

    // Success: a message, then /login after 2 seconds.
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful! Redirecting to login...').waitFor();
    const registeredAt = Date.now();
    await page.waitForURL(`${BASE_URL}/login`, { timeout: 10_000 });
    const waited = Date.now() - registeredAt;
    assert.ok(waited >= 1500, `went to /login after ${waited} ms, expected about 2000`);

    await submitLogin(page, account);
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('heading', { name: 'Welcome, Siti Rahma!' }).waitFor();
    await page.getByText('No boards yet').waitFor();

    // Create a board from the side navigation; the title cannot be blank.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new board' });
    const submit = dialog.getByRole('button', { name: 'Create Board' });
    assert.equal(await submit.isDisabled(), true);
    await dialog.getByLabel('Board title').fill('   ');
    assert.equal(await submit.isDisabled(), true);
    await dialog.getByText('Board title is required.').waitFor();
    await dialog.getByLabel('Board title').fill('Launch plan');
    await dialog.getByLabel('Board description (optional)').fill('Everything for the July release');
    await submit.click();
    await page.getByText('Board "Launch plan" created successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // It shows on Home and on Projects.
    const home = page.getByRole('list', { name: 'Your boards' });
    await home.getByRole('link', { name: 'Launch plan' }).waitFor();
    assert.match(
      (await home.getByRole('link', { name: 'Launch plan' }).getAttribute('href')) ?? '',
      /^\/board\/.+/,
    );
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Projects' })
      .click();
    await page.waitForURL(`${BASE_URL}/projects`);
    await page.getByRole('heading', { level: 1, name: 'My Projects' }).waitFor();
    const card = boardCard(page, 'Launch plan');
    await card.waitFor();
    await card.getByText('Everything for the July release').waitFor();
    await card.getByText('Owner: Siti Rahma').waitFor();
    await card.getByText('1 member').waitFor();

    // Pin: the card says Pinned, and the menu now offers Unpin.
    assert.equal(await card.getByText('Pinned', { exact: true }).count(), 0);
    await chooseBoardAction(page, 'Launch plan', 'Pin board');
    await card.getByText('Pinned', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Board actions for Launch plan' }).click();
    await page.getByRole('menuitem', { name: 'Unpin board' }).waitFor();
    await page.keyboard.press('Escape');

    // Archive, after its confirmation (docs/product.md, "Board cards and the create-board dialog"); it
    // leaves Projects.
    await chooseBoardAction(page, 'Launch plan', 'Archive');
    const archiveDialog = page.getByRole('dialog', { name: 'Archive board "Launch plan"?' });
    await archiveDialog.getByRole('button', { name: 'Archive' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText('No Projects Yet').waitFor();

    // Restore from Archived; it comes back to Projects.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Archived' })
      .click();
    await page.waitForURL(`${BASE_URL}/archived`);
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Launch plan' }) });
    await row.getByText(/^Archived on /).waitFor();
    await row.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Board has been restored.').waitFor();
    await page.getByText('Nothing Here').waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Projects' })
      .click();
    await card.waitFor();

    // Delete, after its confirmation (docs/product.md, "Board cards and the create-board dialog").
    await chooseBoardAction(page, 'Launch plan', 'Delete');
    const deleteDialog = page.getByRole('dialog', { name: 'Delete board "Launch plan" permanently?' });
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText('No Projects Yet').waitFor();

    // An archived board is deleted for good from Archived after the browser's confirm.
    await page.getByRole('button', { name: 'Create New Board' }).click();
    await page
      .getByRole('dialog', { name: 'Create a new board' })
      .getByLabel('Board title')
      .fill('Old ideas');
    await page.getByRole('button', { name: 'Create Board' }).click();
    await chooseBoardAction(page, 'Old ideas', 'Archive');
    await page
      .getByRole('dialog', { name: 'Archive board "Old ideas"?' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await page.getByText('No Projects Yet').waitFor();
    await page.goto(`${BASE_URL}/archived`);
    /** @type {string[]} */
    const confirms = [];
    page.once('dialog', (browserDialog) => {
      confirms.push(browserDialog.message());
      void browserDialog.accept();
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Board permanently deleted.').waitFor();
    await page.getByText('Nothing Here').waitFor();
    assert.deepEqual(confirms, ['This action is permanent and cannot be undone. Are you sure?']);

    await page.goto(`${BASE_URL}/`);
    await page.getByText('No boards yet').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('a user changes the settings', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('changes name and picture (cropped) and sees the new avatar', async () => {
    const account = await registerAccount('Budi Santoso');
    const context = await newAppContext(browser, { token: await loginToken(account) });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/`);
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Account and Settings' }).click();
    await page.waitForURL(`${BASE_URL}/profile`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // No picture yet: the initials (the external avatar service is out of reach in these tests).
    const accountButton = page.getByRole('button', { name: 'Account menu' });
    await accountButton.getByText('BS', { exact: true }).waitFor();

    await page.getByLabel('Full Name').fill('Budi S. Wijaya');
    await page.getByLabel('Upload photo').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await drawPng(page),
    });
    const crop = page.getByRole('dialog', { name: 'Crop your photo' });
    await crop.getByRole('img', { name: 'The chosen picture' }).waitFor();
    // The selection starts as a centred square of 90% of the width; the arrow keys nudge it.
    const selection = crop.locator('.ReactCrop__crop-selection');
    const box = await selection.boundingBox();
    const image = await crop.getByRole('img', { name: 'The chosen picture' }).boundingBox();
    assert.ok(box && image);
    assert.ok(Math.abs(box.width - box.height) <= 1, `crop ${box.width}×${box.height} is not square`);
    assert.ok(Math.abs(box.width - image.width * 0.9) <= 2, 'the first crop is 90% of the width');
    await selection.focus();
    await page.keyboard.press('Shift+ArrowDown');
    const moved = await selection.boundingBox();
    assert.ok(moved && Math.abs(moved.y - box.y - 10) <= 1, 'Shift+ArrowDown moves the crop by 10 px');
    await crop.getByRole('button', { name: 'Apply' }).click();
    await crop.waitFor({ state: 'detached' });

    // The round preview shows the cropped PNG before it is saved.
    const preview = page.locator('main img[src^="data:image/png"]');
    await preview.waitFor();

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await accountButton.getByText('Budi S. Wijaya').waitFor();
    const avatar = accountButton.locator('img');
    await avatar.waitFor();
    const src = await avatar.getAttribute('src');
    assert.match(src ?? '', /\/uploads\/.+\.png$/);
    // The stored picture is a real image the browser can show, and it stays after a reload.
    const shown = () => avatar.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth);
    await page.waitForFunction(() => {
      const img = document.querySelector('header button[aria-haspopup="menu"] img');
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
    });
    assert.equal(await shown(), 256);
    await page.reload();
    await accountButton.getByText('Budi S. Wijaya').waitFor();
    assert.equal(await accountButton.locator('img').getAttribute('src'), src);
    assert.equal(await page.getByLabel('Full Name').inputValue(), 'Budi S. Wijaya');

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('changes the password and logs in with the new one', async () => {
    const account = await registerAccount('Maria Garcia', 'first-password');
    const context = await newAppContext(browser);
    const page = await context.newPage();
    // The refused login with the old password answers 401 on purpose.
    const errors = watchErrors(page, [/401/]);
    await logIn(page, account);
    await page.goto(`${BASE_URL}/settings/security`);

    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm New Password').fill('second-passwort');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New passwords do not match.').waitFor();
    await page.getByLabel('Confirm New Password').fill('second-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password updated successfully!' }).waitFor();

    await logOut(page);
    await page.goto(`${BASE_URL}/login`);
    await submitLogin(page, account);
    await page.getByText('Invalid email or password').waitFor();
    await logIn(page, { ...account, password: 'second-password' });

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('revokes the login session of another browser, which is then logged out', async () => {
    const account = await registerAccount('Dewi Lestari');
    const laptop = await newAppContext(browser);
    const phone = await newAppContext(browser);
    const page = await laptop.newPage();
    const other = await phone.newPage();
    const errors = watchErrors(page);
    await logIn(page, account);
    await logIn(other, account);

    await page.goto(`${BASE_URL}/settings/security`);
    const sessions = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Revoke/ }) });
    await page.waitForFunction(
      () => document.querySelectorAll('li button[aria-label^="Revoke"]').length === 2,
    );
    assert.equal(await sessions.count(), 2);
    const current = sessions.filter({ hasText: 'This device' });
    assert.equal(await current.count(), 1);
    await sessions
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await page.getByText('Session has been revoked.').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('li button[aria-label^="Revoke"]').length === 1,
    );
    await current.waitFor();

    // The other browser's token is refused from its next call: it lands on /login.
    await other
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Projects' })
      .click();
    await other.waitForURL(/\/login$/);
    assert.equal(await other.evaluate(() => localStorage.getItem('token')), null);

    // This browser is still signed in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    assert.deepEqual(errors, []);
    await laptop.close();
    await phone.close();
  });

  it('switches to Indonesian and the dark theme, and both stay after a reload', async () => {
    const account = await registerAccount('Rina Wati');
    const context = await newAppContext(browser, { token: await loginToken(account), theme: 'light' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/settings/accessibility`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    assert.equal(await isDark(), false);

    // The choices are radio buttons styled as cards: chosen with the keyboard here, by a click below.
    await page.getByRole('radio', { name: 'Dark' }).focus();
    await page.keyboard.press('Space');
    assert.equal(await isDark(), true);
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Indonesia' }) })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Pengaturan' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'id');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pengaturan' }).waitFor();
    assert.equal(await isDark(), true);
    assert.equal(await page.getByRole('radio', { name: 'Gelap' }).isChecked(), true);
    assert.equal(await page.getByRole('radio', { name: 'Indonesia' }).isChecked(), true);
    assert.deepEqual(
      await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('i18nextLng')]),
      ['dark', 'id'],
    );
    const cookies = await context.cookies();
    assert.equal(cookies.find((cookie) => cookie.name === 'i18next')?.value, 'id');
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('heading', { name: 'Selamat datang, Rina Wati!' }).waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });
});
