// @ts-check
// Planning in Chromium (docs/product.md, "Board screen"; issue 19): a due date set in the card
// detail shows as a badge; a member put on a card sees the notification live; filtering by a label
// narrows the board and survives a reload; the top bar's search finds a card on another board and
// opens it; `?`, `n`, `e` and Escape work from the keyboard. Pictures of the new parts in
// light/dark × en/id.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** @param {Page} page @param {string} listTitle @param {string} cardTitle */
const card = (page, listTitle, cardTitle) =>
  page
    .getByRole('region', { name: listTitle, exact: true })
    .getByRole('button')
    .filter({ hasText: cardTitle })
    .first();

describe('planning on a board', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let ownerToken = '';
  let memberToken = '';
  let boardId = '';
  let otherBoardId = '';
  let bugLabelId = '';
  /** @type {{ _id: string, name: string }} */
  let member;

  before(async () => {
    browser = await launchBrowser();
    const siti = await registerAccount('Siti Rahma');
    const budi = await registerAccount('Budi Santoso');
    ownerToken = await loginToken(siti);
    memberToken = await loginToken(budi);
    member = { _id: budi._id, name: budi.name };
    const board = await callApi(ownerToken, 'POST', '/api/boards', { title: 'Sprint 42' });
    boardId = board._id;
    await callApi(memberToken, 'POST', `/api/boards/${boardId}/join`);
    const todo = await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lists`, { title: 'To Do' });
    await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lists`, { title: 'Doing' });
    const bug = await callApi(ownerToken, 'POST', `/api/boards/${boardId}/labels`, {
      name: 'Blocker',
      color: '#dc2626',
    });
    bugLabelId = bug._id;
    const broken = await callApi(ownerToken, 'POST', `/api/lists/${todo._id}/cards`, {
      title: 'Fix the login bug',
    });
    await callApi(ownerToken, 'POST', `/api/cards/${broken._id}/labels`, { labelId: bugLabelId });
    await callApi(ownerToken, 'POST', `/api/lists/${todo._id}/cards`, { title: 'Plan the launch party' });
    await callApi(ownerToken, 'POST', `/api/lists/${todo._id}/cards`, { title: 'Write the release notes' });
    const other = await callApi(ownerToken, 'POST', '/api/boards', { title: 'Hiring' });
    otherBoardId = other._id;
    const pipeline = await callApi(ownerToken, 'POST', `/api/boards/${otherBoardId}/lists`, {
      title: 'Pipeline',
    });
    await callApi(ownerToken, 'POST', `/api/lists/${pipeline._id}/cards`, {
      title: 'Interview the designer',
    });
  });
  after(() => browser?.close());

  it('sets a due date in the card detail and the card shows its badge', async () => {
    const context = await newAppContext(browser, { token: ownerToken, theme: 'light' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/board/${boardId}`);
    await card(page, 'To Do', 'Write the release notes').click();
    const modal = page.getByRole('dialog', { name: 'Write the release notes' });
    await modal.getByRole('button', { name: 'Dates' }).click();
    const picker = modal.getByRole('dialog', { name: 'Due date' });
    // An hour from now, in the browser's own time zone: due soon (amber).
    const soon = await page.evaluate(() => {
      const at = new Date(Date.now() + 3_600_000);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await picker.getByLabel('Due date and time').fill(soon);
    await picker.getByRole('button', { name: 'Save' }).click();
    await modal
      .getByRole('region', { name: 'Due date' })
      .getByText(/^Due soon: /)
      .waitFor({ state: 'attached' });
    await screenshot(page, 'planning-card-due-light-en', { fullPage: false });
    await page.keyboard.press('Escape');
    const badge = card(page, 'To Do', 'Write the release notes').locator('[data-due-status]');
    assert.equal(await badge.getAttribute('data-due-status'), 'soon');
    const stored = await callApi(ownerToken, 'GET', `/api/boards/${boardId}`);
    const due = stored.lists[0].cards.find(
      (/** @type {any} */ c) => c.title === 'Write the release notes',
    ).dueAt;
    assert.ok(due && Math.abs(new Date(due).getTime() - Date.now() - 3_600_000) < 120_000, `stored ${due}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows every kind of due badge legibly in light and dark (axe)', async () => {
    const board = await callApi(ownerToken, 'POST', '/api/boards', { title: 'Deadlines' });
    const list = await callApi(ownerToken, 'POST', `/api/boards/${board._id}/lists`, { title: 'Dated' });
    const hour = 3_600_000;
    const dated = [
      ['Overdue task', -2 * hour, false],
      ['Due soon task', hour, false],
      ['Later task', 10 * 24 * hour, false],
      ['Finished task', -hour, true],
    ];
    for (const [title, offset, dueComplete] of dated) {
      const created = await callApi(ownerToken, 'POST', `/api/lists/${list._id}/cards`, { title });
      await callApi(ownerToken, 'PUT', `/api/cards/${created._id}`, {
        dueAt: new Date(Date.now() + Number(offset)).toISOString(),
        dueComplete,
      });
    }
    for (const theme of /** @type {const} */ (['light', 'dark'])) {
      const context = await newAppContext(browser, { token: ownerToken, theme });
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/board/${board._id}`);
      const badges = page.getByRole('region', { name: 'Dated', exact: true }).locator('[data-due-status]');
      await badges.nth(3).waitFor();
      assert.deepEqual(
        (await badges.evaluateAll((all) => all.map((b) => b.getAttribute('data-due-status')))).sort(),
        ['complete', 'later', 'overdue', 'soon'],
      );
      await assertNoSeriousViolations(page, `due badges, ${theme}`);
      await screenshot(page, `planning-due-badges-${theme}-en`, { fullPage: false });
      await context.close();
    }
  });

  it('puts a member on a card, and they see the notification live', async () => {
    const owner = await (await newAppContext(browser, { token: ownerToken, theme: 'dark' })).newPage();
    const budi = await (
      await newAppContext(browser, { token: memberToken, theme: 'dark', language: 'id' })
    ).newPage();
    await budi.goto(`${BASE_URL}/`);
    await budi.getByRole('button', { name: /^Notifikasi/ }).waitFor();
    await owner.goto(`${BASE_URL}/board/${boardId}`);
    await card(owner, 'To Do', 'Fix the login bug').click();
    const modal = owner.getByRole('dialog', { name: 'Fix the login bug' });
    await modal.getByRole('button', { name: 'Members' }).click();
    await modal.getByRole('searchbox', { name: 'Search members' }).fill('bud');
    await modal.getByRole('checkbox', { name: member.name }).check();
    await modal.getByRole('region', { name: 'Members' }).getByText(member.name).waitFor();
    await screenshot(owner, 'planning-card-members-dark-en', { fullPage: false });

    // Budi's bell counts it at once (pushed, not the 30 s poll) and says it in Indonesian.
    const bell = budi.getByRole('button', { name: /Notifikasi \(1 belum dibaca\)/ });
    await bell.waitFor({ timeout: 5_000 });
    await bell.click();
    await budi
      .getByRole('region', { name: 'Notifikasi', exact: true })
      .getByText('Siti Rahma menambahkan Anda ke kartu "Fix the login bug"')
      .waitFor();
    await screenshot(budi, 'planning-notification-dark-id', { fullPage: false });
    await owner.context().close();
    await budi.context().close();
  });

  it('filters by a label, keeps the filter over a reload, and clears it', async () => {
    const context = await newAppContext(browser, { token: ownerToken, theme: 'light', language: 'id' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/board/${boardId}`);
    await card(page, 'To Do', 'Plan the launch party').waitFor();
    await page.getByRole('button', { name: 'Saring', exact: true }).click();
    await page.getByRole('dialog', { name: 'Saringan' }).getByRole('checkbox', { name: 'Blocker' }).check();
    await page.getByText('1 dari 3 kartu').waitFor();
    assert.equal(await card(page, 'To Do', 'Plan the launch party').count(), 0);
    assert.match(page.url(), new RegExp(`labels=${bugLabelId}`));
    await screenshot(page, 'planning-filter-light-id', { fullPage: false });

    await page.reload();
    await card(page, 'To Do', 'Fix the login bug').waitFor();
    assert.equal(await card(page, 'To Do', 'Plan the launch party').count(), 0);
    await page.getByRole('button', { name: 'Hapus saringan' }).click();
    await card(page, 'To Do', 'Plan the launch party').waitFor();
    await context.close();
  });

  it('finds a card on another board from the top bar and opens it', async () => {
    const context = await newAppContext(browser, { token: ownerToken, theme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/board/${boardId}`);
    const box = page.getByRole('combobox', { name: 'Search cards' });
    await box.fill('interview');
    const results = page.getByRole('listbox', { name: 'Cards found' });
    await results
      .getByRole('group', { name: 'Hiring' })
      .getByRole('option', { name: /Interview the designer/ })
      .waitFor();
    await screenshot(page, 'planning-search-dark-en', { fullPage: false });
    await box.press('Enter');
    await page.getByRole('dialog', { name: 'Interview the designer' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/board/${otherBoardId}`);
    await context.close();
  });

  it('works from the keyboard: ? lists the shortcuts, n adds a card, e edits the title, Escape closes', async () => {
    const context = await newAppContext(browser, { token: ownerToken, theme: 'light' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/board/${boardId}`);
    await card(page, 'To Do', 'Plan the launch party').waitFor();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Filter the cards').waitFor();
    await screenshot(page, 'planning-shortcuts-light-en', { fullPage: false });
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    await page.getByRole('region', { name: 'Doing', exact: true }).hover();
    await page.keyboard.press('n');
    const field = page
      .getByRole('region', { name: 'Doing', exact: true })
      .getByRole('textbox', { name: 'Card title' });
    await field.fill('Typed with n');
    await field.press('Enter');
    await card(page, 'Doing', 'Typed with n').waitFor();
    await field.press('Escape');

    await card(page, 'Doing', 'Typed with n').focus();
    await page.keyboard.press('e');
    const title = page.getByRole('dialog').getByRole('textbox', { name: 'Card title' });
    await title.fill('Renamed with e');
    await title.press('Enter');
    await page.getByRole('dialog', { name: 'Renamed with e' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
