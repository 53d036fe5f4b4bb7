// @ts-check
/* global document */
// Custom fields and the table and calendar views in Chromium (docs/fields.md; issue 38): Ada makes
// two fields in the board menu's manager, sets a value in the card detail (a wrong number is refused
// before anything is sent) and sees it on the card face; the table sorts by the field both ways and
// keeps the board's filter; a title and a field edited in table cells show on Budi's board (a second
// browser context) live; in the calendar a card dragged to another day keeps its time of day (read
// back from the API). axe finds nothing serious on the table and the calendar, light and dark.
// Screenshots: e2e/screenshots/views-{table,calendar}-{light,dark}.png (docs/screenshots/).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import {
  VIEWPORT,
  callApi,
  loginToken,
  newAppContext,
  registerAccount,
  watchErrors,
} from '../support/app.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { eventually } from '../support/eventually.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** docs/product.md, "Board screen": a change shows for another viewer within 2 s (a margin for the machine). */
const LIVE_MS = 5_000;
/** The pages' clock zone (support/app.mjs): UTC+7 all year. */
const JAKARTA_MS = 7 * 3_600_000;

/** @param {Page} page @param {string} title */
const list = (page, title) => page.getByRole('region', { name: title, exact: true });
/** @param {Page} page @param {string} listTitle @param {string} cardTitle */
const boardCard = (page, listTitle, cardTitle) =>
  list(page, listTitle).getByRole('button').filter({ hasText: cardTitle });
/** The table's card titles, top to bottom. @param {Page} page */
const tableTitles = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-card-row]')]
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((row) => row.querySelector('[aria-colindex="1"]')?.textContent?.trim() ?? ''),
  );
/** Closes the notices shown (a due-date reminder), so a picture shows the view. @param {Page} page */
const closeToasts = (page) =>
  page
    .locator('.Toastify__close-button')
    .evaluateAll((buttons) => buttons.forEach((b) => /** @type {HTMLElement} */ (b).click()));
/** The Jakarta calendar day of an instant, YYYY-MM-DD. @param {number} ms */
const jakartaDay = (ms) => new Date(ms + JAKARTA_MS).toISOString().slice(0, 10);

describe('custom fields, the table and the calendar', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let adaToken = '';
  let budiToken = '';
  let boardId = '';
  /** @type {Record<string, string>} */
  const cards = {};

  before(async () => {
    browser = await launchBrowser();
    const ada = await registerAccount('Ada Rahma');
    const budi = await registerAccount('Budi Santoso');
    adaToken = await loginToken(ada);
    budiToken = await loginToken(budi);
    boardId = (await callApi(adaToken, 'POST', '/api/boards', { title: 'Launch plan' }))._id;
    await callApi(budiToken, 'POST', `/api/boards/${boardId}/join`);
    const todo = (await callApi(adaToken, 'POST', `/api/boards/${boardId}/lists`, { title: 'To do' }))._id;
    for (const title of ['Write the brief', 'Book the venue', 'Print the flyers'])
      cards[title] = (await callApi(adaToken, 'POST', `/api/lists/${todo}/cards`, { title }))._id;
    // Labels, people and a due date, for the table's other columns (and its pictures).
    const label = await callApi(adaToken, 'POST', `/api/boards/${boardId}/labels`, {
      name: 'Event',
      color: '#61bd4f',
    });
    for (const title of ['Book the venue', 'Print the flyers'])
      await callApi(adaToken, 'POST', `/api/cards/${cards[title]}/labels`, { labelId: label._id });
    await callApi(adaToken, 'POST', `/api/cards/${cards['Book the venue']}/members`, { userId: budi._id });
    await callApi(adaToken, 'POST', `/api/cards/${cards['Write the brief']}/members`, { userId: ada._id });
    await callApi(adaToken, 'PUT', `/api/cards/${cards['Print the flyers']}`, {
      dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
  });
  after(() => browser?.close());

  it('makes fields, sets values, sorts and edits the table live, and drags a card in the calendar', async () => {
    const ada = await (await newAppContext(browser, { token: adaToken, theme: 'light' })).newPage();
    const adaErrors = watchErrors(ada);
    await ada.goto(`${BASE_URL}/board/${boardId}`);
    await boardCard(ada, 'To do', 'Write the brief').waitFor();

    // The fields manager: a number field and a select with two options.
    await ada.getByRole('button', { name: 'Board menu' }).click();
    await ada.getByRole('menuitem', { name: 'Custom fields' }).click();
    const manager = ada.getByRole('dialog', { name: 'Custom fields' });
    await manager.getByLabel('Name', { exact: true }).fill('Points');
    await manager.getByLabel('Type', { exact: true }).selectOption({ label: 'Number' });
    await manager.getByRole('button', { name: 'Add field' }).click();
    await manager.getByRole('textbox', { name: 'Name of the field Points' }).waitFor();
    await manager.getByLabel('Name', { exact: true }).fill('Priority');
    await manager.getByLabel('Type', { exact: true }).selectOption({ label: 'Select' });
    await manager.getByRole('button', { name: 'Add option' }).click();
    await manager.getByRole('button', { name: 'Add option' }).click();
    await manager.getByRole('textbox', { name: 'Option name' }).nth(0).fill('High');
    await manager.getByRole('textbox', { name: 'Option name' }).nth(1).fill('Low');
    await manager.getByRole('button', { name: 'Add field' }).click();
    await manager.getByRole('textbox', { name: 'Name of the field Priority' }).waitFor();
    await assertNoSeriousViolations(ada, 'the fields manager (light)');
    await screenshot(ada, 'fields-manager-light', { fullPage: false });
    await manager.getByRole('button', { name: 'Close' }).click();
    await manager.waitFor({ state: 'detached' });
    const board = await callApi(adaToken, 'GET', `/api/boards/${boardId}`);
    const points = board.fields.find((/** @type {any} */ f) => f.name === 'Points');
    const priority = board.fields.find((/** @type {any} */ f) => f.name === 'Priority');
    assert.equal(points.type, 'number');
    assert.deepEqual(
      priority.options.map((/** @type {any} */ o) => o.name),
      ['High', 'Low'],
    );

    // The card detail: a wrong number is refused before sending; 5 is saved and shows on the face.
    await boardCard(ada, 'To do', 'Write the brief').click();
    const modal = ada.getByRole('dialog', { name: 'Write the brief' });
    const pointsInput = modal.getByRole('textbox', { name: 'Points', exact: true });
    /** @type {string[]} */
    const puts = [];
    ada.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(`/api/cards/${cards['Write the brief']}`))
        puts.push(request.postData() ?? '');
    });
    await pointsInput.fill('five');
    await pointsInput.press('Enter');
    await modal.getByText('Enter a number, like 3 or 1.5.').waitFor();
    assert.equal(puts.length, 0, 'nothing is sent for a value the field refuses');
    const saved = ada.waitForResponse(
      (r) => r.url().endsWith(`/api/cards/${cards['Write the brief']}`) && r.request().method() === 'PUT',
    );
    await pointsInput.fill('5');
    await pointsInput.press('Enter');
    assert.equal((await saved).status(), 200);
    await modal.getByRole('combobox', { name: 'Priority', exact: true }).selectOption({ label: 'High' });
    await assertNoSeriousViolations(ada, 'the card detail with fields (light)');
    await screenshot(ada, 'fields-card-light', { fullPage: false });
    await ada.keyboard.press('Escape');
    await boardCard(ada, 'To do', 'Write the brief').getByText('Points: 5').first().waitFor();
    await boardCard(ada, 'To do', 'Write the brief').getByText('High', { exact: true }).waitFor();
    await callApi(adaToken, 'PUT', `/api/cards/${cards['Book the venue']}`, { fields: { [points._id]: 8 } });
    await callApi(adaToken, 'PUT', `/api/cards/${cards['Print the flyers']}`, {
      fields: { [points._id]: 3 },
    });
    await boardCard(ada, 'To do', 'Book the venue').getByText('Points: 8').first().waitFor();
    await closeToasts(ada);
    await screenshot(ada, 'fields-board-light', { fullPage: false });

    // Budi watches the board in a second context.
    const budi = await (await newAppContext(browser, { token: budiToken, theme: 'dark' })).newPage();
    const budiErrors = watchErrors(budi);
    await budi.goto(`${BASE_URL}/board/${boardId}`);
    await boardCard(budi, 'To do', 'Print the flyers').waitFor();

    // The table: sorted by Points, ascending then descending.
    await ada.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Table' }).click();
    await ada.waitForURL(`${BASE_URL}/board/${boardId}/table`);
    const grid = ada.getByRole('grid', { name: 'Cards' });
    await grid.waitFor();
    const pointsHeader = grid.getByRole('columnheader', { name: 'Points' });
    await pointsHeader.click();
    assert.equal(await pointsHeader.getAttribute('aria-sort'), 'ascending');
    assert.deepEqual(await tableTitles(ada), ['Print the flyers', 'Write the brief', 'Book the venue']);
    await pointsHeader.press('Enter');
    assert.equal(await pointsHeader.getAttribute('aria-sort'), 'descending');
    assert.deepEqual(await tableTitles(ada), ['Book the venue', 'Write the brief', 'Print the flyers']);
    await assertNoSeriousViolations(ada, 'the table view (light)');
    // The picture from the table's left edge (the header's focus scrolled it to the Points column).
    await ada.getByTestId('board-table-scroller').evaluate((element) => element.scrollTo(0, 0));
    await ada.setViewportSize({ width: 1600, height: 640 });
    await closeToasts(ada);
    await screenshot(ada, 'views-table-light', { fullPage: false });
    await ada.setViewportSize(VIEWPORT);

    // A title edited in its cell with the keyboard (Enter edits, Enter saves) shows on Budi's board.
    const titleCell = grid.getByRole('gridcell', { name: /^Print the flyers/ });
    await titleCell.click();
    await ada.keyboard.press('Enter');
    const titleInput = grid.getByRole('textbox', { name: 'Title of Print the flyers' });
    await titleInput.fill('Print the posters');
    const renamed = ada.waitForResponse(
      (r) => r.url().endsWith(`/api/cards/${cards['Print the flyers']}`) && r.request().method() === 'PUT',
    );
    await titleInput.press('Enter');
    const renamedAt = (await renamed).status() === 200 ? Date.now() : 0;
    assert.ok(renamedAt, 'the title was saved');
    await boardCard(budi, 'To do', 'Print the posters').waitFor({ timeout: LIVE_MS });
    await grid.getByRole('gridcell', { name: /^Print the posters/ }).waitFor();
    // The arrows move to the Points cell of the same row; Enter edits it, Escape cancels, Enter saves.
    const pointsCol = await pointsHeader.getAttribute('aria-colindex');
    const focused = () => ada.evaluate(() => document.activeElement?.getAttribute('aria-colindex'));
    // One key at a time, each seen to land: the row redraws when the rename comes back live.
    for (let col = Number(await focused()); col < Number(pointsCol); col = Number(await focused())) {
      await ada.keyboard.press('ArrowRight');
      await eventually(async () => assert.equal(Number(await focused()), col + 1));
    }
    assert.equal(await focused(), pointsCol);
    await ada.keyboard.press('Enter');
    const cellInput = grid.getByRole('textbox', { name: 'Points of Print the posters' });
    await cellInput.fill('99');
    await cellInput.press('Escape');
    await cellInput.waitFor({ state: 'detached' });
    await ada.keyboard.press('Enter');
    await cellInput.fill('13');
    await cellInput.press('Enter');
    await boardCard(budi, 'To do', 'Print the posters')
      .getByText('Points: 13')
      .first()
      .waitFor({ timeout: LIVE_MS });
    // Sorted descending, the card with 13 is now first.
    await eventually(async () =>
      assert.deepEqual(await tableTitles(ada), ['Print the posters', 'Book the venue', 'Write the brief']),
    );

    // The board's filter applies to the table (in board order until sorted) and goes along to the other views.
    await ada.goto(`${BASE_URL}/board/${boardId}/table?f.${points._id}=6..`);
    await eventually(async () =>
      assert.deepEqual(await tableTitles(ada), ['Book the venue', 'Print the posters']),
    );
    const calendarLink = ada
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: 'Calendar' });
    assert.match((await calendarLink.getAttribute('href')) ?? '', new RegExp(`f\\.${points._id}=6`));

    // Budi's table in dark: axe.
    await budi.goto(`${BASE_URL}/board/${boardId}/table`);
    await budi.getByRole('grid', { name: 'Cards' }).waitFor();
    await eventually(async () => assert.equal((await tableTitles(budi)).length, 3));
    await assertNoSeriousViolations(budi, 'the table view (dark)');
    await budi.setViewportSize({ width: 1600, height: 640 });
    await closeToasts(budi);
    await screenshot(budi, 'views-table-dark', { fullPage: false });
    await budi.setViewportSize(VIEWPORT);

    // The calendar: 'Book the venue' due today at 15:30 (Jakarta) is dragged to another day of this month.
    const now = Date.now();
    const today = jakartaDay(now);
    const dueAt = new Date(`${today}T15:30:00+07:00`).toISOString();
    await callApi(adaToken, 'PUT', `/api/cards/${cards['Book the venue']}`, { dueAt });
    await callApi(adaToken, 'PUT', `/api/cards/${cards['Write the brief']}`, {
      dueAt: new Date(`${today}T09:00:00+07:00`).toISOString(),
    });
    const tomorrow = jakartaDay(now + 86_400_000);
    const target = tomorrow.slice(0, 7) === today.slice(0, 7) ? tomorrow : jakartaDay(now - 86_400_000);
    await ada.goto(`${BASE_URL}/board/${boardId}/calendar`);
    const venue = ada.locator(`[data-day="${today}"] [data-calendar-card="${cards['Book the venue']}"]`);
    await venue.waitFor();
    await ada.locator(`[data-day="${today}"]`).getByText('Write the brief').waitFor();
    await assertNoSeriousViolations(ada, 'the calendar view (light)');
    await closeToasts(ada);
    await screenshot(ada, 'views-calendar-light', { fullPage: false });

    await budi.goto(`${BASE_URL}/board/${boardId}/calendar`);
    await budi.locator(`[data-day="${today}"] [data-calendar-card="${cards['Book the venue']}"]`).waitFor();

    const moved = ada.waitForResponse(
      (r) => r.url().endsWith(`/api/cards/${cards['Book the venue']}`) && r.request().method() === 'PUT',
    );
    // Both days in the middle of the view: a drag near its edge would scroll it (dnd-kit's auto-scroll).
    await ada.locator(`[data-day="${target}"]`).evaluate((day) => day.scrollIntoView({ block: 'center' }));
    const from = await venue.boundingBox();
    const to = await ada.locator(`[data-day="${target}"]`).boundingBox();
    assert.ok(from && to);
    await ada.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await ada.mouse.down();
    for (let step = 1; step <= 10; step++)
      await ada.mouse.move(
        from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * step) / 10,
        from.y + from.height / 2 + ((to.y + to.height / 2 - from.y - from.height / 2) * step) / 10,
      );
    // Dropped once the view shows the card over its new day (a busy machine draws late).
    await ada.locator(`[data-day="${target}"][data-over]`).waitFor();
    await ada.mouse.up();
    assert.equal((await moved).status(), 200, 'the drop was saved');
    await ada.locator(`[data-day="${target}"] [data-calendar-card="${cards['Book the venue']}"]`).waitFor();
    const read = await callApi(adaToken, 'GET', `/api/boards/${boardId}`);
    const stored = read.lists
      .flatMap((/** @type {any} */ l) => l.cards)
      .find((/** @type {any} */ c) => c._id === cards['Book the venue']);
    const storedMs = Date.parse(stored.dueAt);
    assert.equal(jakartaDay(storedMs), target, 'the due date is on the day it was dropped on');
    assert.equal(
      new Date(storedMs + JAKARTA_MS).toISOString().slice(11, 16),
      '15:30',
      'the due date keeps its time of day',
    );
    // Budi's calendar follows.
    await budi
      .locator(`[data-day="${target}"] [data-calendar-card="${cards['Book the venue']}"]`)
      .waitFor({ timeout: LIVE_MS });
    await assertNoSeriousViolations(budi, 'the calendar view (dark)');
    await closeToasts(budi);
    await screenshot(budi, 'views-calendar-dark', { fullPage: false });

    // Week view: the week holding today, previous and next move by a week.
    await ada.getByRole('button', { name: 'Week', exact: true }).click();
    assert.equal(await ada.locator('[data-day]').count(), 7);
    await ada.getByRole('button', { name: 'Next week' }).click();
    await ada.getByRole('button', { name: 'Today' }).click();
    await ada.locator(`[data-day="${today}"]`).waitFor();

    assert.deepEqual(adaErrors, []);
    assert.deepEqual(budiErrors, []);
  });
});
