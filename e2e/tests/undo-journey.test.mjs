// @ts-check
// Undo in Chromium (docs/api.md, "Undo"; issue 21): a card deleted from its modal comes back with
// "Deleted — Undo", in its place and with its checklist; a second viewer sees it go and come back live.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';

/** docs/product.md, "Board screen": a change shows for another viewer within 2 s. */
const LIVE_MS = 2_000;

/** @param {import('playwright-core').Page} page @param {string} title */
const list = (page, title) => page.getByRole('region', { name: title, exact: true });
/** @param {import('playwright-core').Page} page @param {string} title */
const cardIn = (page, title) => list(page, 'To Do').getByRole('button').filter({ hasText: title });

describe('undoing a delete', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let boardId = '';
  let ownerToken = '';
  let memberToken = '';

  before(async () => {
    browser = await launchBrowser();
    const owner = await registerAccount('Umar Undo');
    const member = await registerAccount('Mega Member');
    ownerToken = await loginToken(owner);
    memberToken = await loginToken(member);
    boardId = (await callApi(ownerToken, 'POST', '/api/boards', { title: 'Second chances' }))._id;
    await callApi(ownerToken, 'POST', `/api/boards/${boardId}/members`, { email: member.email });
    const listId = (await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lists`, { title: 'To Do' }))
      ._id;
    for (const title of ['First', 'Keep me', 'Last']) {
      const card = await callApi(ownerToken, 'POST', `/api/lists/${listId}/cards`, { title });
      if (title !== 'Keep me') continue;
      const checklist = await callApi(ownerToken, 'POST', `/api/cards/${card._id}/checklists`, {
        title: 'Steps',
      });
      await callApi(ownerToken, 'POST', `/api/checklists/${checklist._id}/items`, { text: 'Step one' });
    }
  });
  after(() => browser?.close());

  it('brings the card back in its place with its checklist, live for another viewer', async () => {
    const page = await (await newAppContext(browser, { token: ownerToken, theme: 'light' })).newPage();
    const errors = watchErrors(page);
    const other = await (await newAppContext(browser, { token: memberToken, theme: 'dark' })).newPage();
    await page.goto(`${BASE_URL}/board/${boardId}`);
    await other.goto(`${BASE_URL}/board/${boardId}`);
    await cardIn(page, 'Keep me').waitFor();
    await cardIn(other, 'Keep me').waitFor();

    await cardIn(page, 'Keep me').click();
    const modal = page.getByRole('dialog', { name: 'Keep me' });
    // The card's own Delete, among its actions (a loaded checklist has a Delete of its own).
    await modal
      .getByRole('region', { name: /^actions$/i })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await cardIn(page, 'Keep me').waitFor({ state: 'detached' });
    await cardIn(other, 'Keep me').waitFor({ state: 'detached', timeout: LIVE_MS });

    const toast = page.getByRole('status').filter({ hasText: 'Deleted' });
    await toast.waitFor();
    await screenshot(page, 'undo-toast-light-en');
    // Reachable by keyboard: focus the button and press Enter.
    await toast.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');

    await cardIn(page, 'Keep me').waitFor();
    await cardIn(other, 'Keep me').waitFor({ timeout: LIVE_MS });
    for (const p of [page, other]) {
      const titles = await list(p, 'To Do')
        .getByRole('button', { name: /^Card / })
        .allInnerTexts();
      const order = ['First', 'Keep me', 'Last'].map((t) => titles.findIndex((text) => text.includes(t)));
      assert.deepEqual(
        [...order].sort((a, b) => a - b),
        order,
        `cards in order: ${JSON.stringify(titles)}`,
      );
    }
    await cardIn(other, 'Keep me').click();
    const otherModal = other.getByRole('dialog', { name: 'Keep me' });
    await otherModal.getByRole('region', { name: 'Steps' }).getByText('Step one').waitFor();
    assert.deepEqual(errors, []);
  });
});
