// @ts-check
// Board import and export in Chromium (docs/api.md, "Export and import"; issue 21): a Trello board
// export chosen in the home screen's Import dialog uploads and opens the new board with its lists
// and cards in Trello's order; the board menu downloads the CSV export, which starts with the UTF-8
// BOM.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';

const FIXTURE = join(import.meta.dirname, '..', '..', 'backend', 'test', 'fixtures', 'trello-board.json');

/** @param {import('playwright-core').Page} page @param {string} list */
const cardsOf = (page, list) =>
  page.getByRole('region', { name: list, exact: true }).locator('[data-card-id]').allInnerTexts();

describe('board import and export', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let token = '';

  before(async () => {
    browser = await launchBrowser();
    token = await loginToken(await registerAccount('Rina Importer'));
  });
  after(async () => {
    await browser?.close();
  });

  it('imports a Trello export from the home screen, opens it, and downloads its CSV', async () => {
    const page = await (await newAppContext(browser, { token })).newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a board' });
    await dialog.getByLabel('Export file').setInputFiles({
      name: 'trello-board.json',
      mimeType: 'application/json',
      buffer: await readFile(FIXTURE),
    });
    await dialog.getByRole('button', { name: 'Import board' }).click();

    await page.waitForURL(/\/board\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Product launch' }).waitFor();
    // The title can show before the board's read has answered (it comes with the import's answer).
    await page.getByRole('region', { name: 'Archived (Trello)' }).waitFor();
    const lists = await page
      .getByRole('region')
      .evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')).filter((name) => name));
    assert.deepEqual(
      lists.filter((name) => ['To do', 'Doing', 'Done', 'Archived (Trello)'].includes(String(name))),
      ['To do', 'Doing', 'Done', 'Archived (Trello)'],
    );
    const todo = await cardsOf(page, 'To do');
    assert.equal(todo.length, 2);
    assert.match(todo[0], /Book the venue/);
    assert.match(todo[1], /Write the press release/);
    assert.match((await cardsOf(page, 'Done'))[0], /Order the banners/);
    await screenshot(page, 'transfer-imported-board', { fullPage: false });

    await page.getByRole('button', { name: 'Board menu' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'Product launch.csv');
    const bytes = await readFile(await file.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.match(bytes.toString('utf8'), /^\uFEFFList,Title,/);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
