// @ts-check
// Edits never silently overwrite each other, in Chromium (docs/product.md, "When two people edit the
// same text"; issue 41): two people open the same card and both edit its description; the first
// saves, the second — in Indonesian, dark theme — sees "{name} changed this while you were editing"
// with both texts and the merge, picks the merge, and the server's description holds both people's
// sentences. A comment its author edits in two tabs meets the same choice. axe finds nothing serious
// in the dialog.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { eventually } from '../support/eventually.mjs';
import { translator } from '../support/translations.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

const BASE = 'We ship the release on Friday.';
const ADA = 'Ada checks the migrations.';
const BUDI = 'Budi writes the announcement.';
/** The 412 the second save meets is logged by the api client on purpose. */
const EXPECTED = [
  /Request failed \(412\)/,
  /Failed to load resource: the server responded with a status of 412/,
];

/**
 * Opens the card `title` and edits its description to `text`, not yet saved.
 * @param {Page} page @param {(key: string, values?: Record<string, string>) => string} t
 * @param {string} title @param {string} text
 * @returns {Promise<Locator>} the description's Save button
 */
async function editDescription(page, t, title, text) {
  await page
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .first()
    .click();
  const card = page.getByRole('dialog', { name: title });
  await card.getByRole('button', { name: t('board.modal.editDescription') }).click();
  const field = card.getByRole('textbox', { name: t('board.modal.descriptionLabel') });
  await field.fill(text);
  return field.locator('xpath=ancestor::section[1]').getByRole('button', { name: t('board.modal.save') });
}

describe('edit conflict journey', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let adaToken = '';
  let budiToken = '';
  let boardId = '';
  let cardId = '';

  before(async () => {
    browser = await launchBrowser();
    const ada = await registerAccount('Ada Rahma');
    const budi = await registerAccount('Budi Santoso');
    adaToken = await loginToken(ada);
    budiToken = await loginToken(budi);
    boardId = (await callApi(adaToken, 'POST', '/api/boards', { title: 'Release' }))._id;
    await callApi(budiToken, 'POST', `/api/boards/${boardId}/join`);
    const list = (await callApi(adaToken, 'POST', `/api/boards/${boardId}/lists`, { title: 'To do' }))._id;
    cardId = (
      await callApi(adaToken, 'POST', `/api/lists/${list}/cards`, {
        title: 'Release plan',
        description: BASE,
      })
    )._id;
  });

  after(async () => {
    await browser?.close();
  });

  it('shows the second person both texts and the merge, and the merge keeps both sentences', async () => {
    const en = translator('en');
    const id = translator('id');
    const adaContext = await newAppContext(browser, { token: adaToken, theme: 'light', language: 'en' });
    const budiContext = await newAppContext(browser, { token: budiToken, theme: 'dark', language: 'id' });
    const adaPage = await adaContext.newPage();
    const budiPage = await budiContext.newPage();
    const adaErrors = watchErrors(adaPage);
    const budiErrors = watchErrors(budiPage, EXPECTED);
    await adaPage.goto(`${BASE_URL}/board/${boardId}`);
    await budiPage.goto(`${BASE_URL}/board/${boardId}`);

    const adaSave = await editDescription(adaPage, en, 'Release plan', `${BASE}\n${ADA}`);
    const budiSave = await editDescription(budiPage, id, 'Release plan', `${BASE}\n${BUDI}`);
    await adaSave.click();
    await eventually(async () => {
      const card = (await callApi(adaToken, 'GET', `/api/boards/${boardId}`)).lists[0].cards[0];
      assert.equal(card.description, `${BASE}\n${ADA}`);
    });
    // Budi's screen hears of Ada's save while Budi still types: the line under the field says so.
    await budiPage.getByText(id('board.conflict.changedMeanwhile')).waitFor();
    await budiSave.click();

    const dialog = budiPage.getByRole('dialog', { name: id('board.conflict.title', { name: 'Ada Rahma' }) });
    await dialog.waitFor();
    assert.match((await dialog.getByTestId('conflict-mine').textContent()) ?? '', new RegExp(BUDI));
    assert.match((await dialog.getByTestId('conflict-theirs').textContent()) ?? '', new RegExp(ADA));
    const merged = (await dialog.getByTestId('conflict-merged').textContent()) ?? '';
    assert.ok(merged.includes(ADA) && merged.includes(BUDI), `the merge: ${merged}`);
    await assertNoSeriousViolations(budiPage, 'the edit conflict dialog (dark, Indonesian)');

    await dialog.getByRole('button', { name: id('board.conflict.useMerge') }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => {
      const card = (await callApi(budiToken, 'GET', `/api/boards/${boardId}`)).lists[0].cards[0];
      assert.ok(card.description.includes(ADA) && card.description.includes(BUDI), card.description);
      assert.ok(card.description.startsWith(BASE), card.description);
      assert.equal(card.revision, 3);
    });
    // Ada's screen follows: both sentences, without reloading.
    await adaPage.getByRole('dialog', { name: 'Release plan' }).getByText(BUDI).waitFor();

    assert.deepEqual(adaErrors, []);
    assert.deepEqual(budiErrors, []);
    await adaContext.close();
    await budiContext.close();
  });

  it('offers the same choice to a comment its author edits in two tabs', async () => {
    const en = translator('en');
    const comment = await callApi(adaToken, 'POST', `/api/cards/${cardId}/comments`, {
      text: 'First thought.',
    });
    const context = await newAppContext(browser, { token: adaToken, theme: 'light', language: 'en' });
    const tabs = [await context.newPage(), await context.newPage()];
    const errors = tabs.map((tab, i) => watchErrors(tab, i === 1 ? EXPECTED : []));
    /** @type {Locator[]} */
    const saves = [];
    for (const [i, tab] of tabs.entries()) {
      await tab.goto(`${BASE_URL}/board/${boardId}`);
      await tab
        .getByRole('button', { name: /^Release plan/ })
        .first()
        .click();
      const card = tab.getByRole('dialog', { name: 'Release plan' });
      const item = card.getByRole('listitem').filter({ hasText: 'First thought.' });
      await item.getByRole('button', { name: en('board.comments.edit'), exact: true }).click();
      await item
        .getByRole('textbox', { name: en('board.comments.editLabel') })
        .fill(`First thought. ${i === 0 ? 'From the first tab.' : 'From the second tab.'}`);
      saves.push(item.getByRole('button', { name: en('board.comments.save'), exact: true }));
    }
    await saves[0]?.click();
    await eventually(async () => {
      const [stored] = await callApi(adaToken, 'GET', `/api/cards/${cardId}/comments`);
      assert.equal(stored.text, 'First thought. From the first tab.');
    });
    await saves[1]?.click();

    const dialog = tabs[1]?.getByRole('dialog', { name: /changed this while you were editing/ });
    assert.ok(dialog);
    await dialog.waitFor();
    const merged = (await dialog.getByTestId('conflict-merged').textContent()) ?? '';
    assert.ok(merged.includes('From the first tab.') && merged.includes('From the second tab.'), merged);
    await dialog.getByRole('button', { name: en('board.conflict.useMerge') }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => {
      const stored = (await callApi(adaToken, 'GET', `/api/cards/${cardId}/comments`)).find(
        (/** @type {{_id: string}} */ one) => one._id === comment._id,
      );
      assert.ok(stored.text.includes('From the first tab.') && stored.text.includes('From the second tab.'));
      assert.equal(stored.revision, 3);
    });

    for (const found of errors) assert.deepEqual(found, []);
    await context.close();
  });
});
