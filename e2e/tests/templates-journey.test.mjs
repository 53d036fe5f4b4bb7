// @ts-check
// Templates and board copy in Chromium (docs/product.md, "Templates"): a card is made a template
// from its detail and wears a badge, out of the list's count; a card is added from it in the
// composer, with its labels and checklist (checked against the server); the board is copied from
// its menu with its template cards and the copy opens; the owner marks the board as a template and
// a new board is created from it in "Create board → From a template". axe finds nothing serious in
// light and dark, English and Indonesian. Pictures: e2e/screenshots/templates-*.png.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { eventually } from '../support/eventually.mjs';

/** @typedef {import('playwright-core').Page} Page */

describe('templates and board copy', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let token = '';
  let boardId = '';
  /** @type {Record<string, string>} */
  const lists = {};

  /** The server's whole board. @param {string} id */
  const read = (id) => callApi(token, 'GET', `/api/boards/${id}`);

  /** A page at `path`, signed in. @param {string} path @param {Record<string, string>} options */
  async function open(path, options = {}) {
    const context = await newAppContext(browser, { token, theme: 'light', language: 'en', ...options });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}${path}`);
    return { context, page, errors };
  }

  /** A list of the board screen. @param {Page} page @param {string} title */
  const list = (page, title) => page.getByRole('region', { name: title, exact: true });

  before(async () => {
    browser = await launchBrowser();
    const dewi = await registerAccount('Dewi Lestari');
    token = await loginToken(dewi);
    boardId = (await callApi(token, 'POST', '/api/boards', { title: 'Support' }))._id;
    for (const title of ['Inbox', 'Doing'])
      lists[title] = (await callApi(token, 'POST', `/api/boards/${boardId}/lists`, { title }))._id;
    const report = await callApi(token, 'POST', `/api/lists/${lists.Inbox}/cards`, {
      title: 'Bug report',
      description: 'Steps to reproduce',
    });
    const label = await callApi(token, 'POST', `/api/boards/${boardId}/labels`, {
      name: 'Defect',
      color: '#b91c1c',
    });
    await callApi(token, 'POST', `/api/cards/${report._id}/labels`, { labelId: label._id });
    const checklist = await callApi(token, 'POST', `/api/cards/${report._id}/checklists`, {
      title: 'Triage',
    });
    await callApi(token, 'POST', `/api/checklists/${checklist._id}/items`, { text: 'Reproduce' });
    await callApi(token, 'POST', `/api/lists/${lists.Inbox}/cards`, { title: 'Printer jams' });
  });
  after(() => browser?.close());

  it('makes a template card, adds a card from it, copies the board and creates a board from it', async () => {
    const { page, context, errors } = await open(`/board/${boardId}`);
    const inbox = list(page, 'Inbox');
    // Its face reads its label first: 'Defect Bug report …'.
    await inbox.getByRole('button', { name: /^Defect Bug report/ }).click();
    const detail = page.getByRole('dialog', { name: 'Bug report' });
    await detail.getByRole('button', { name: 'Make template' }).click();
    await detail.getByRole('button', { name: 'Not a template' }).waitFor();
    await page.keyboard.press('Escape');
    await inbox.getByRole('button', { name: /^Template Defect Bug report/ }).waitFor();
    // Two cards in Inbox, one a template: the count says 1.
    await inbox.getByLabel('1 card', { exact: true }).waitFor();
    await eventually(async () => {
      const board = await read(boardId);
      assert.equal(board.lists[0].cards[0].isTemplate, true);
    });

    // From a template, in Doing.
    const doing = list(page, 'Doing');
    await doing.getByRole('button', { name: 'Add a card' }).click();
    await doing.getByRole('button', { name: 'From a template' }).click();
    await doing
      .getByRole('list', { name: 'Template cards' })
      .getByRole('button', { name: 'Bug report' })
      .click();
    await doing.getByRole('button', { name: /^Defect Bug report/ }).waitFor();
    await eventually(async () => {
      const made = (await read(boardId)).lists[1].cards[0];
      assert.equal(made?.title, 'Bug report');
      assert.equal(made.isTemplate, false);
      assert.equal(made.description, 'Steps to reproduce');
      assert.deepEqual(
        made.labels.map((/** @type {any} */ l) => l.name),
        ['Defect'],
      );
      assert.deepEqual(
        made.checklists.map((/** @type {any} */ c) => c.items[0].text),
        ['Reproduce'],
      );
    });
    await page.keyboard.press('Escape');
    await assertNoSeriousViolations(page, 'board with a template card (light, en)');
    await screenshot(page, 'templates-board-light-en');

    // Copy board, template cards only: the copy opens with the lists and the template.
    await page.getByRole('button', { name: 'Board menu' }).click();
    await page.getByRole('menuitem', { name: 'Copy board' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy board' });
    await copy.getByRole('textbox', { name: 'Title of the copy' }).fill('Support, next quarter');
    await copy.getByRole('combobox', { name: 'Cards' }).selectOption('templates');
    await assertNoSeriousViolations(page, 'Copy board dialog (light, en)');
    await copy.getByRole('button', { name: 'Copy board' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support, next quarter' }).waitFor();
    const copyId = /\/board\/([^/?]+)/.exec(page.url())?.[1] ?? '';
    assert.notEqual(copyId, boardId);
    const copied = await read(copyId);
    assert.deepEqual(
      copied.lists.map((/** @type {any} */ l) => [l.title, l.cards.map((/** @type {any} */ c) => c.title)]),
      [
        ['Inbox', ['Bug report']],
        ['Doing', []],
      ],
    );

    // The owner marks the source board as a template (Share panel).
    await page.goto(`${BASE_URL}/board/${boardId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share Board' });
    await share.getByRole('switch', { name: 'Use as template' }).check();
    await eventually(async () => assert.equal((await read(boardId)).isTemplate, true));
    await page.keyboard.press('Escape');

    // Create board → From a template.
    await page.goto(`${BASE_URL}/projects`);
    await page.getByRole('button', { name: 'Create' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create a new board' });
    await create.getByRole('textbox', { name: 'Board title' }).fill('Support, Jakarta office');
    await create.getByRole('radio', { name: 'From a template' }).check();
    await create.getByRole('combobox', { name: 'Template board' }).selectOption({ label: 'Support' });
    await assertNoSeriousViolations(page, 'Create board from a template (light, en)');
    await create.getByRole('button', { name: 'Create Board' }).click();
    await page.getByText('Board "Support, Jakarta office" created successfully!').waitFor();
    const boards = await callApi(token, 'GET', '/api/boards');
    const made = boards.find((/** @type {any} */ b) => b.title === 'Support, Jakarta office');
    assert.ok(made, 'the board made from the template is listed');
    assert.equal(made.isTemplate, false);
    const madeBoard = await read(made._id);
    assert.deepEqual(
      madeBoard.lists.map((/** @type {any} */ l) => [
        l.title,
        l.cards.map((/** @type {any} */ c) => c.isTemplate),
      ]),
      [
        ['Inbox', [true]],
        ['Doing', []],
      ],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows templates without serious axe findings in dark and in Indonesian', async () => {
    const { page, context } = await open(`/board/${boardId}`, { theme: 'dark', language: 'id' });
    const inbox = list(page, 'Inbox');
    await inbox.getByRole('button', { name: /^Templat Defect Bug report/ }).waitFor();
    const doing = list(page, 'Doing');
    await doing.getByRole('button', { name: 'Tambah kartu' }).click();
    await doing.getByRole('button', { name: 'Dari templat' }).click();
    await doing.getByRole('list', { name: 'Kartu templat' }).waitFor();
    await assertNoSeriousViolations(page, 'board with a template card (dark, id)');
    await screenshot(page, 'templates-board-dark-id');
    await context.close();
  });
});
