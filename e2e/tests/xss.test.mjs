// @ts-check
/* global window, document -- page.evaluate callbacks run in the browser */
// Hostile markup in Chromium: titles, descriptions, comments, labels, checklist items and a user
// name carrying <img onerror>, <script> and javascript: links, made over the API, then the board, its
// activity and the card detail opened. Nothing may run: no dialog, no flag set by a handler, no
// javascript: link; and the Content-Security-Policy refuses an inline script outright.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';

/** Each payload sets window.__xss (and opens a dialog) if it ever runs. */
const IMG = '<img src=x onerror="window.__xss=1;alert(1)">';
const SCRIPT = '<script>window.__xss=2;alert(2)</script>';
const LINK = 'javascript:window.__xss=3;alert(3)';
const DESCRIPTION = `${IMG}\n[click me](${LINK})\n<a href="${LINK}">click me too</a>\n${LINK}`;

describe('hostile markup stays text in the browser', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let token = '';
  let boardId = '';
  const cardTitle = `Card ${IMG}`;

  before(async () => {
    browser = await launchBrowser();
    const account = await registerAccount(`Mallory ${IMG}`.slice(0, 60));
    token = await loginToken(account);
    const board = await callApi(token, 'POST', '/api/boards', {
      title: `Board ${SCRIPT}`,
      description: DESCRIPTION,
    });
    boardId = board._id;
    const list = await callApi(token, 'POST', `/api/boards/${boardId}/lists`, { title: `List ${IMG}` });
    const card = await callApi(token, 'POST', `/api/lists/${list._id}/cards`, {
      title: cardTitle,
      description: DESCRIPTION,
    });
    await callApi(token, 'PUT', `/api/cards/${card._id}`, {
      title: cardTitle,
      description: `${DESCRIPTION}\nedited`,
    });
    await callApi(token, 'POST', `/api/cards/${card._id}/comments`, { text: DESCRIPTION });
    const label = await callApi(token, 'POST', `/api/boards/${boardId}/labels`, {
      name: '<img src=x>',
      color: '#f00',
    });
    await callApi(token, 'POST', `/api/cards/${card._id}/labels`, { labelId: label._id });
    const checklist = await callApi(token, 'POST', `/api/cards/${card._id}/checklists`, {
      title: `Steps ${IMG}`,
    });
    await callApi(token, 'POST', `/api/checklists/${checklist._id}/items`, { text: SCRIPT });
  });
  after(() => browser?.close());

  it('opens the board, its activity and the card detail without running anything', async () => {
    const context = await newAppContext(browser, { token, theme: 'light' });
    const page = await context.newPage();
    /** @type {string[]} */
    const dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors = watchErrors(page, [/Content Security Policy/, /Failed to load resource/]);
    const flag = () => page.evaluate(() => /** @type {any} */ (window).__xss);

    const response = await page.goto(`${BASE_URL}/board/${boardId}`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    assert.match(scriptSrc, /script-src 'self'/);
    assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/);

    // The board: every hostile text shows as the characters typed.
    await page.getByRole('heading', { name: `Board ${SCRIPT}` }).waitFor();
    await page.getByText(cardTitle).first().waitFor();
    await page.getByText(`List ${IMG}`).first().waitFor();

    // The activity panel renders server HTML: only its <strong> markup, the user text escaped inside.
    await page.getByRole('button', { name: 'Activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Board Activity' });
    await activity.getByText(`List ${IMG}`).first().waitFor();
    await page.keyboard.press('Escape');
    await activity.waitFor({ state: 'detached' });

    // The card detail: description, comment, label and checklist as text.
    await page.getByText(cardTitle).first().click();
    const modal = page.getByRole('dialog', { name: cardTitle });
    await modal.waitFor();
    await modal.getByText('edited', { exact: false }).first().waitFor();
    await modal.getByText(SCRIPT).first().waitFor();

    const injected = await page.evaluate(() => ({
      imgs: document.querySelectorAll('img[src="x"], img[onerror]').length,
      scripts: [...document.scripts].filter((s) => (s.textContent ?? '').includes('__xss')).length,
      jsLinks: [...document.querySelectorAll('a[href], [src], [action], [formaction]')]
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action') ?? '')
        .filter((href) => /^\s*javascript:/i.test(href)).length,
      handlers: [...document.querySelectorAll('*')].filter((e) =>
        [...e.attributes].some((a) => /^on/i.test(a.name)),
      ).length,
    }));
    assert.deepEqual(injected, { imgs: 0, scripts: 0, jsLinks: 0, handlers: 0 });

    // Clicking the javascript: text in the description is only a click on text (it edits it).
    await modal.getByText(LINK).first().click();
    await page.waitForTimeout(200);
    assert.equal(await flag(), undefined);
    assert.deepEqual(dialogs, []);

    // The CSP itself: an inline script added to the page is refused by the browser.
    const inline = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.append(s);
      return /** @type {any} */ (window).__inline;
    });
    assert.equal(inline, undefined, 'the CSP let an inline script run');
    assert.equal(await flag(), undefined);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
