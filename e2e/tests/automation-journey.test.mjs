// @ts-check
/* global requestAnimationFrame -- page.evaluate callbacks run in the browser */
// The board's Automation panel in Chromium (docs/product.md, "Automation panel"; docs/automation.md):
// the owner builds "When a card enters Done, archive it" in the builder, sees the dry-run's preview
// of the last 7 days and saves it; another member moves a card to Done in their own browser and the
// owner sees it archived within 2 s, by "Automation" in the board's activity; the member sees the
// rules but cannot switch them; axe finds nothing serious on the panel and the builder in light and
// dark, English and Indonesian. Pictures: e2e/screenshots/automation-*.png (automation-builder-light-en
// is the README's, copied to docs/screenshots/automation.png).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { eventually } from '../support/eventually.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** docs/automation.md: a rule runs within 2 s of the change that triggers it. */
const LIVE_MS = 2_000;

/** @param {Page} page @param {string} title */
const list = (page, title) => page.getByRole('region', { name: title, exact: true });
/** @param {Page} page @param {string} listTitle @param {string} cardTitle */
const card = (page, listTitle, cardTitle) =>
  list(page, listTitle).getByRole('button').filter({ hasText: cardTitle });

/**
 * Picks a card up with the keyboard (its grip), moves it right until the screen reader's
 * announcement says it is over `listTitle`, and drops it with Space.
 * @param {Page} page @param {string} title @param {string} listTitle
 */
async function keyboardDrag(page, title, listTitle) {
  await page.getByRole('button', { name: `Move card ${title}` }).focus();
  await page.keyboard.press('Space');
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await announcement.getByText(new RegExp(`card ${title}`, 'i')).waitFor();
  const over = `is over list ${listTitle},`;
  for (let i = 0; i < 60 && !(await announcement.textContent())?.includes(over); i++) {
    await page.keyboard.press('ArrowRight');
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }
  assert.match(
    (await announcement.textContent()) ?? '',
    new RegExp(over),
    'the card never came over the list',
  );
  await page.keyboard.press('Space');
  await announcement.getByText(`Card ${title} was dropped in list ${listTitle}`).waitFor();
}

/** Opens the board menu's Automation panel. @param {Page} page @param {'en' | 'id'} [language] */
async function openAutomation(page, language = 'en') {
  await page.getByRole('button', { name: language === 'id' ? 'Menu papan' : 'Board menu' }).click();
  await page.getByRole('menuitem', { name: language === 'id' ? 'Otomasi' : 'Automation' }).click();
  const panel = page.getByRole('dialog', { name: language === 'id' ? 'Otomasi' : 'Automation' });
  await panel.waitFor();
  return panel;
}

describe('the Automation panel', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let ownerToken = '';
  let memberToken = '';
  let boardId = '';
  /** @type {Record<string, string>} */
  const lists = {};

  /** The titles of the cards the server holds in a list. @param {string} title */
  async function serverCards(title) {
    const board = await callApi(ownerToken, 'GET', `/api/boards/${boardId}`);
    const found = board.lists.find((/** @type {{ title: string }} */ l) => l.title === title);
    return found.cards.map((/** @type {{ title: string }} */ c) => c.title);
  }

  /** The board for a person, in a theme and a language. */
  async function openBoard(token = ownerToken, options = {}) {
    const context = await newAppContext(browser, { token, theme: 'light', language: 'en', ...options });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/board/${boardId}`);
    await list(page, 'Done').waitFor();
    return { context, page, errors };
  }

  before(async () => {
    browser = await launchBrowser();
    const dewi = await registerAccount('Dewi Lestari');
    const budi = await registerAccount('Budi Santoso');
    ownerToken = await loginToken(dewi);
    memberToken = await loginToken(budi);
    boardId = (await callApi(ownerToken, 'POST', '/api/boards', { title: 'Release train' }))._id;
    await callApi(memberToken, 'POST', `/api/boards/${boardId}/join`);
    for (const title of ['To do', 'Doing', 'Done'])
      lists[title] = (await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lists`, { title }))._id;
    for (const title of ['Old ticket', 'Fix login', 'Write release notes'])
      await callApi(ownerToken, 'POST', `/api/lists/${lists['To do']}/cards`, { title });
    // Old ticket reached Done before any rule: the preview's "would have" looks back at that move.
    const old = (await callApi(ownerToken, 'GET', `/api/boards/${boardId}`)).lists[0].cards[0];
    await callApi(ownerToken, 'PUT', `/api/boards/${boardId}/dnd`, {
      type: 'card',
      cardId: old._id,
      sourceListId: lists['To do'],
      destListId: lists.Done,
      newPosition: 0,
    });
    // A recurring card, so the panel shows a schedule too.
    await callApi(ownerToken, 'POST', `/api/boards/${boardId}/rules`, {
      name: 'Weekly review',
      trigger: { type: 'schedule', cron: '0 9 * * 1', tz: 'Asia/Jakarta' },
      actions: [{ type: 'createCard', listId: lists['To do'], title: 'Weekly review' }],
    });
  });
  after(() => browser?.close());

  it('builds "When a card enters Done, archive it" with a preview; a member\'s card moved to Done is archived within 2 s', async (t) => {
    const owner = await openBoard();
    const member = await openBoard(memberToken, { theme: 'dark' });

    const panel = await openAutomation(owner.page);
    await panel.getByRole('heading', { name: 'Weekly review' }).waitFor();
    await panel.getByRole('button', { name: 'New rule' }).click();
    const form = panel.getByRole('form', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Rule name' }).fill('Archive finished cards');
    await form.getByRole('combobox', { name: 'Trigger' }).selectOption({ label: 'a card enters' });
    await form.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Done' });
    await form.getByRole('combobox', { name: 'Action 1' }).selectOption({ label: 'archive it' });
    await form.getByText('When a card enters Done, archive it.').waitFor();

    // The preview: what it would have done over the last 7 days, writing nothing.
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.getByRole('region', { name: 'Preview' });
    await preview.getByText('Would have run once in the last 7 days:').waitFor();
    await preview.getByText('archive it').waitFor();
    assert.match((await preview.textContent()) ?? '', /On Old ticket: archive it/);
    assert.deepEqual(await serverCards('Done'), ['Old ticket']);
    await assertNoSeriousViolations(owner.page, 'the rule builder with its preview (light, en)');
    await screenshot(owner.page, 'automation-builder-light-en', { fullPage: false });

    await form.getByRole('button', { name: 'Save rule' }).click();
    await panel.getByRole('heading', { name: 'Archive finished cards' }).waitFor();
    assert.equal(
      await panel.getByRole('switch', { name: 'Archive finished cards is on' }).getAttribute('aria-checked'),
      'true',
    );
    await owner.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Budi moves Fix login to Done in his browser: the rule archives it, and Dewi sees it go.
    await keyboardDrag(member.page, 'Fix login', 'Done');
    const dropped = Date.now();
    await eventually(async () => {
      assert.equal(await owner.page.getByRole('button', { name: 'Move card Fix login' }).count(), 0);
      assert.ok(!(await serverCards('Done')).includes('Fix login'), 'the server archived it');
    }, LIVE_MS);
    const waited = Date.now() - dropped;
    assert.ok(waited <= LIVE_MS, `archived and gone from the owner's Done after ${waited} ms`);
    t.diagnostic(`archived by the rule and gone from the owner's board ${waited} ms after the drop`);
    await card(member.page, 'Done', 'Fix login').waitFor({ state: 'detached', timeout: LIVE_MS });
    await card(owner.page, 'Done', 'Old ticket').waitFor();

    // The board's activity says who: Automation, with the rule's name.
    await owner.page.getByRole('button', { name: 'Activity' }).click();
    const activity = owner.page.getByRole('dialog', { name: 'Board Activity' });
    await activity
      .getByRole('listitem')
      .filter({ hasText: /^Automation \(Archive finished cards\) deleted card Fix login/ })
      .waitFor();
    await owner.page.keyboard.press('Escape');

    // Its run: ok, one change.
    const again = await openAutomation(owner.page);
    await again.getByRole('button', { name: 'Runs: Archive finished cards' }).click();
    const runs = again.getByRole('list', { name: 'Last runs of Archive finished cards' });
    await runs
      .getByRole('listitem')
      .filter({ hasText: 'Ran' })
      .filter({ hasText: '1 change' })
      .first()
      .waitFor();

    // Budi sees the rules, each switch off-limits, and why.
    const seen = await openAutomation(member.page);
    await seen.getByText('Only the board owner can add, change, or turn rules on and off.').waitFor();
    assert.ok(await seen.getByRole('switch', { name: 'Archive finished cards is on' }).isDisabled());
    assert.equal(await seen.getByRole('button', { name: 'New rule' }).count(), 0);

    assert.deepEqual(owner.errors, []);
    assert.deepEqual(member.errors, []);
    await owner.context.close();
    await member.context.close();
  });

  it('has nothing serious for axe on the panel in light and dark, and reads in Indonesian', async () => {
    for (const [theme, language] of /** @type {const} */ ([
      ['light', 'en'],
      ['dark', 'en'],
      ['light', 'id'],
      ['dark', 'id'],
    ])) {
      const { context, page, errors } = await openBoard(ownerToken, { theme, language });
      const panel = await openAutomation(page, language);
      await panel.getByRole('heading', { name: 'Archive finished cards' }).waitFor();
      if (language === 'id') {
        await panel.getByText('Saat kartu masuk ke Done, arsipkan').waitFor();
        await panel.getByText('Sesuai jadwal 0 9 * * 1 (Asia/Jakarta)', { exact: false }).waitFor();
        await panel.getByRole('switch', { name: 'Archive finished cards menyala' }).waitFor();
      }
      await assertNoSeriousViolations(page, `the Automation panel (${theme}, ${language})`);
      await screenshot(page, `automation-${theme}-${language}`, { fullPage: false });

      // The builder, too, with a schedule (its zone and next run) and a preview.
      await panel.getByRole('button', { name: language === 'id' ? 'Aturan baru' : 'New rule' }).click();
      const form = panel.getByRole('form');
      await form
        .getByRole('combobox', { name: language === 'id' ? 'Pemicu' : 'Trigger' })
        .selectOption('schedule');
      await form.getByRole('combobox', { name: language === 'id' ? 'Zona waktu' : 'Time zone' }).waitFor();
      assert.equal(
        await form
          .getByRole('combobox', { name: language === 'id' ? 'Zona waktu' : 'Time zone' })
          .inputValue(),
        'Asia/Jakarta',
      );
      await form.getByText(language === 'id' ? /Berjalan berikutnya: / : /Next run: /).waitFor();
      await assertNoSeriousViolations(page, `the rule builder (${theme}, ${language})`);
      await screenshot(page, `automation-builder-schedule-${theme}-${language}`, { fullPage: false });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
