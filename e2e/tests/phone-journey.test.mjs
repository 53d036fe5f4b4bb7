// @ts-check
/* global document, window -- page.evaluate callbacks run in the browser */
// The board on a phone (390 × 844, issue 16): the title stays readable while people are viewing,
// every control of the header, a list's menu, the card detail and the share panel lies inside the
// screen, in light and dark. Pictures land in e2e/screenshots/phone-*.png for a person to look at.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount } from '../support/app.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

const PHONE = { width: 390, height: 844 };
const TITLE = 'Sprint 42';

/**
 * Every visible element of `scope` matching `selector` that reaches past the screen's left or right
 * edge (a control cut off or out of reach), as "text (left–right)".
 * @param {Locator} scope @param {string} selector
 */
function outsideScreen(scope, selector) {
  return scope.evaluate((root, sel) => {
    const width = document.documentElement.clientWidth;
    return [...root.querySelectorAll(sel)].flatMap((element) => {
      if (!element.checkVisibility()) return [];
      const box = element.getBoundingClientRect();
      if (box.width === 0) return [];
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
      return box.left < -0.5 || box.right > width + 0.5
        ? [`${name} (${Math.round(box.left)}–${Math.round(box.right)})`]
        : [];
    });
  }, selector);
}

/** The whole of `locator`'s box lies on the screen horizontally. @param {Locator} locator @param {string} what */
async function assertOnScreen(locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is shown`);
  assert.ok(box.x >= -0.5 && box.x + box.width <= PHONE.width + 0.5, `${what} fits: ${JSON.stringify(box)}`);
}

describe('the board on a phone', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {string} */
  let ownerToken;
  /** @type {string} */
  let boardId;
  /** @type {import('playwright-core').BrowserContext[]} */
  const viewers = [];

  before(async () => {
    browser = await launchBrowser();
    const siti = await registerAccount('Siti Rahmawati');
    ownerToken = await loginToken(siti);
    const board = await callApi(ownerToken, 'POST', '/api/boards', { title: TITLE });
    boardId = board._id;
    const lists = await callApi(ownerToken, 'GET', `/api/boards/${boardId}/lists`);
    const first =
      lists[0] ?? (await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lists`, { title: 'To Do' }));
    const spec = await callApi(ownerToken, 'POST', `/api/lists/${first._id}/cards`, {
      title: 'Write the release notes for the July launch',
    });
    await callApi(ownerToken, 'POST', `/api/cards/${spec._id}/comments`, {
      text: 'Draft is in the shared folder.',
    });
    // Two more people on the board, viewing it: their avatars take room in the header.
    for (const name of ['Budi Santoso', 'Rudi Hartono']) {
      const account = await registerAccount(name);
      const token = await loginToken(account);
      await callApi(token, 'POST', `/api/boards/${boardId}/join`);
      const context = await newAppContext(browser, { token, theme: 'light' });
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/board/${boardId}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      viewers.push(context);
    }
  });

  after(async () => {
    await Promise.all(viewers.map((context) => context.close()));
    await browser?.close();
  });

  for (const theme of /** @type {const} */ (['light', 'dark'])) {
    it(`keeps the title readable and every control reachable (${theme})`, async () => {
      const phone = await browser.newContext({
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        timezoneId: 'Asia/Jakarta',
        locale: 'en-US',
        storageState: {
          cookies: [],
          origins: [
            {
              origin: BASE_URL,
              localStorage: [
                { name: 'token', value: ownerToken },
                { name: 'theme', value: theme },
                { name: 'i18nextLng', value: 'en' },
              ],
            },
          ],
        },
      });
      await phone.route(
        (url) => url.origin !== new URL(BASE_URL).origin,
        (route) => route.abort(),
      );
      const page = await phone.newPage();
      /** @type {string[]} */
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${BASE_URL}/board/${boardId}`);

      // The header: the whole title shows (no ellipsis), beside or above three viewers and both buttons.
      const heading = page.getByRole('heading', { level: 1, name: TITLE });
      await heading.waitFor();
      await page
        .getByRole('list', {
          name: /Viewing now: .*Budi Santoso.*Rudi Hartono|Viewing now: .*Rudi Hartono.*Budi Santoso/,
        })
        .waitFor();
      const clipped = await heading.evaluate((h1) => h1.scrollWidth > h1.clientWidth + 0.5);
      assert.equal(clipped, false, 'the title is not cut off');
      await assertOnScreen(heading, 'the title');
      await assertOnScreen(page.getByRole('button', { name: 'Share' }), 'Share');
      await assertOnScreen(page.getByRole('button', { name: 'Activity' }), 'Activity');
      assert.deepEqual(await outsideScreen(page.locator('main'), 'h1, header button, header a'), []);
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        true,
        'the page itself never scrolls sideways (only the lists do)',
      );
      await assertNoSeriousViolations(page, `board on a phone (${theme})`);
      await screenshot(page, `phone-board-${theme}`, { fullPage: false });

      // A list's menu opens inside the screen, its item reachable.
      const listRegion = page.getByRole('region').first();
      const listTitle = (await listRegion.getAttribute('aria-label')) ?? '';
      await page.getByRole('button', { name: `List actions for ${listTitle}` }).click();
      const menu = page.getByRole('menu', { name: `List actions for ${listTitle}` });
      await menu.waitFor();
      await assertOnScreen(menu, "the list's menu");
      await assertOnScreen(menu.getByRole('menuitem', { name: 'Delete this list' }), 'Delete this list');
      await screenshot(page, `phone-list-menu-${theme}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      // The card detail: inside the screen, every control in reach.
      await page.getByRole('button').filter({ hasText: 'Write the release notes' }).first().click();
      const modal = page.getByRole('dialog', { name: /Write the release notes/ });
      await modal.getByText('Draft is in the shared folder.').waitFor();
      await assertOnScreen(modal, 'the card detail');
      assert.deepEqual(await outsideScreen(modal, 'button, input, textarea, a'), []);
      await assertNoSeriousViolations(page, `card detail on a phone (${theme})`);
      await screenshot(page, `phone-card-${theme}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // The share panel: inside the screen, the link, the invitation and the members in reach.
      await page.getByRole('button', { name: 'Share' }).click();
      const share = page.getByRole('dialog', { name: 'Share Board' });
      await share.getByRole('heading', { name: 'Members (3)' }).waitFor();
      await assertOnScreen(share, 'the share panel');
      assert.deepEqual(await outsideScreen(share, 'button, input, a'), []);
      await assertNoSeriousViolations(page, `share panel on a phone (${theme})`);
      await screenshot(page, `phone-share-${theme}`, { fullPage: false });

      assert.deepEqual(errors, []);
      await phone.close();
    });
  }
});
