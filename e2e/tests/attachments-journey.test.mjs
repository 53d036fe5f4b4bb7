// @ts-check
/* global document, window, DataTransfer, HTMLImageElement -- page.evaluate callbacks run in the browser */
// Attachments in Chromium (docs/api.md, "Attachments"; issue 20): a PNG dropped on the card detail
// uploads with a progress bar and shows its thumbnail; made the cover, it appears on another
// member's board within 2 s; a text file chosen with the button downloads byte for byte; a
// stranger's request for the file is refused; the detail with files passes axe in light and dark
// and fits a phone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import {
  callApi,
  drawPng,
  loginToken,
  newAppContext,
  registerAccount,
  watchErrors,
} from '../support/app.mjs';

/** @typedef {import('playwright-core').Page} Page */

const POSTER = 'Design the launch poster';
const NOTES = 'release-notes.txt';
const NOTES_TEXT = 'Papan 1.1\n- attachments on cards\n- covers\nSelamat mencoba! ✓\n';

/** @param {Page} page @param {string} title */
const card = (page, title) =>
  page
    .getByRole('region', { name: 'To Do', exact: true })
    .getByRole('button')
    .filter({ hasText: title })
    .first();

/** Opens the poster card's detail. @param {Page} page */
async function openPoster(page) {
  await page.goto(`${BASE_URL}/board/${boardId}`);
  await card(page, POSTER).click();
  const modal = page.getByRole('dialog', { name: POSTER });
  await modal.getByRole('region', { name: 'Attachments' }).waitFor();
  return modal;
}

let boardId = '';
let cardId = '';

describe('attachments on a card', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let ownerToken = '';
  let memberToken = '';
  let strangerToken = '';

  before(async () => {
    browser = await launchBrowser();
    const siti = await registerAccount('Siti Rahma');
    const budi = await registerAccount('Budi Santoso');
    const eko = await registerAccount('Eko Prasetyo');
    ownerToken = await loginToken(siti);
    memberToken = await loginToken(budi);
    strangerToken = await loginToken(eko);
    const board = await callApi(ownerToken, 'POST', '/api/boards', { title: 'Launch 1.1' });
    boardId = board._id;
    await callApi(memberToken, 'POST', `/api/boards/${boardId}/join`);
    const todo = await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lists`, { title: 'To Do' });
    cardId = (await callApi(ownerToken, 'POST', `/api/lists/${todo._id}/cards`, { title: POSTER }))._id;
    await callApi(ownerToken, 'POST', `/api/lists/${todo._id}/cards`, { title: 'Write the press release' });
  });
  after(() => browser?.close());

  it('uploads a dropped PNG with a progress bar; made the cover, another member sees it live', async () => {
    const budi = await (await newAppContext(browser, { token: memberToken, theme: 'dark' })).newPage();
    await budi.goto(`${BASE_URL}/board/${boardId}`);
    await card(budi, POSTER).waitFor();

    const page = await (await newAppContext(browser, { token: ownerToken, theme: 'light' })).newPage();
    const errors = watchErrors(page);
    // A slow connection: the upload's answer waits, so its progress bar can be seen.
    await page.route(`**/api/cards/${cardId}/attachments`, async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const modal = await openPoster(page);
    const png = [...(await drawPng(page, 1200, 800))];

    // Files dragged over the card light up the drop zone; dropped, they upload.
    const dataTransfer = await page.evaluateHandle((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'poster.png', { type: 'image/png' }));
      return transfer;
    }, png);
    const target = modal.getByRole('region', { name: 'Attachments' });
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await page.getByText('Drop files to attach them to this card').waitFor();
    await screenshot(page, 'attachments-drop-zone-light-en', { fullPage: false });
    await target.dispatchEvent('drop', { dataTransfer });
    await page.getByText('Drop files to attach them to this card').waitFor({ state: 'detached' });

    const progress = modal.getByRole('progressbar', { name: 'Uploading poster.png' });
    await progress.waitFor();
    await screenshot(page, 'attachments-uploading-light-en', { fullPage: false });
    await progress.waitFor({ state: 'detached', timeout: 15_000 });
    const item = modal.getByRole('listitem').filter({ hasText: 'poster.png' });
    const thumbnail = item.locator('img');
    await thumbnail.waitFor();
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.naturalWidth > 0,
      await thumbnail.elementHandle(),
    );
    assert.match((await thumbnail.getAttribute('src')) ?? '', /^blob:/);
    await item.getByText(/Added .* by Siti Rahma/).waitFor();

    const clicked = Date.now();
    await item.getByRole('button', { name: 'Make cover: poster.png' }).click();
    const cover = card(budi, POSTER).locator('[data-cover-id] img');
    await cover.waitFor({ timeout: 2_000 });
    await budi.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.naturalWidth > 0,
      await cover.elementHandle(),
      {
        timeout: 2_000 - (Date.now() - clicked),
      },
    );
    assert.ok(
      Date.now() - clicked < 2_000,
      `the cover reached the other member in ${Date.now() - clicked} ms`,
    );
    await card(budi, POSTER).getByText('Attachments: 1').waitFor({ state: 'attached' });
    await item.getByRole('button', { name: 'Remove cover: poster.png' }).waitFor();
    await screenshot(budi, 'attachments-cover-on-board-dark-en', { fullPage: false });
    assert.deepEqual(errors, []);
    await page.context().close();
    await budi.context().close();
  });

  it('attaches a text file with the button and downloads the same bytes', async () => {
    const page = await (await newAppContext(browser, { token: ownerToken, theme: 'light' })).newPage();
    const errors = watchErrors(page);
    const modal = await openPoster(page);
    const chooser = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: 'Add attachment' }).click();
    await (await chooser).setFiles({ name: NOTES, mimeType: 'text/plain', buffer: Buffer.from(NOTES_TEXT) });
    const item = modal.getByRole('listitem').filter({ hasText: NOTES });
    await item.getByText(/^\d+ B · Added/).waitFor();

    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: `Download ${NOTES}` }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), NOTES);
    assert.deepEqual(await readFile(await file.path()), Buffer.from(NOTES_TEXT));
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('refuses the files to someone who is not on the board', async () => {
    const files = await callApi(ownerToken, 'GET', `/api/cards/${cardId}/attachments`);
    assert.equal(files.length, 2);
    for (const file of files) {
      const answer = await fetch(`${BASE_URL}${file.url}`, {
        headers: { authorization: `Bearer ${strangerToken}` },
      });
      assert.equal(answer.status, 403, `${file.name}: ${answer.status}`);
    }
    const image = files.find((/** @type {{ isImage: boolean }} */ f) => f.isImage);
    const thumbnail = await fetch(`${BASE_URL}${image.thumbnailUrl}`, {
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    assert.equal(thumbnail.status, 403);
    // And without any token at all: no cookie or query string stands in for the header.
    assert.equal((await fetch(`${BASE_URL}${image.url}`)).status, 401);
  });

  for (const theme of /** @type {const} */ (['light', 'dark'])) {
    it(`passes axe with files in the ${theme} theme, on a desktop and a phone`, async () => {
      const page = await (await newAppContext(browser, { token: ownerToken, theme })).newPage();
      const errors = watchErrors(page);
      const modal = await openPoster(page);
      await modal.getByRole('listitem').filter({ hasText: 'poster.png' }).locator('img').waitFor();
      await modal.getByRole('listitem').filter({ hasText: NOTES }).waitFor();
      await assertNoSeriousViolations(page, `card detail with attachments (${theme})`);
      await screenshot(page, `attachments-card-${theme}-en`, { fullPage: false });

      await page.setViewportSize({ width: 390, height: 844 });
      await modal.getByRole('region', { name: 'Attachments' }).scrollIntoViewIfNeeded();
      // The app lays itself out again after the resize (the sidebar folds away): wait for that.
      const fits = await page
        .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
          timeout: 5_000,
        })
        .then(
          () => true,
          () => false,
        );
      assert.equal(fits, true, 'the page never scrolls sideways on a phone');
      const wide = await modal.evaluate((dialog) => dialog.scrollWidth > dialog.clientWidth + 0.5);
      assert.equal(wide, false, 'the card detail does not scroll sideways');
      await assertNoSeriousViolations(page, `card detail with attachments on a phone (${theme})`);
      await screenshot(page, `attachments-card-phone-${theme}-en`, { fullPage: false });
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});
