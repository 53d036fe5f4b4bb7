// @ts-check
/* global document, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// WIP limits and swimlanes in Chromium (docs/lanes.md): a board with lanes is a grid; cards move
// between lanes with the keyboard and the mouse (checked against the server) and show live in a
// second person's browser; a move a hard limit refuses goes back where it was with the reason, in
// each person's language; a lane made and a limit set in one browser show in the other; a collapsed
// lane stays collapsed after a reload, for that person only; axe finds nothing serious in light and
// dark, English and Indonesian, nor on a 390 px phone, where the lane titles stay on screen while
// the cells scroll sideways. Pictures: e2e/screenshots/lanes-*.png (lanes-dark-en is the README's,
// copied to docs/screenshots/lanes-dark.png).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';
import { eventually } from '../support/eventually.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/** docs/product.md, "Board screen": a change shows for another viewer within 2 s. */
const LIVE_MS = 2_000;
const PHONE = { width: 390, height: 844 };
/** The refusals the journey causes on purpose: the browser logs each failed move. */
const REFUSED = [/409 \(Conflict\)/, /Request failed \(409\)/, /Failed to move the card/];

/** One cell of the grid: a list's cards in a lane. @param {Page} page @param {string} list @param {string} lane */
const cell = (page, list, lane, language = 'en') =>
  page.getByRole('group', {
    name: `${list} ${language === 'id' ? 'di lajur' : 'in lane'} ${lane}`,
    exact: true,
  });
/** @param {Page} page @param {string} list @param {string} lane @param {string} title */
const cardIn = (page, list, lane, title, language = 'en') =>
  cell(page, list, lane, language).getByRole('button').filter({ hasText: title });
/** The titles of the grid's rows, in order. @param {Page} page */
const laneTitles = (page) => page.locator('[data-lane-row] h2').allInnerTexts();

/** Lets React draw what the last key did. @param {Page} page */
const nextFrames = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Picks a card up by its grip with the keyboard, presses `key` until the screen reader's
 * announcement says the card is over `over`, and drops it with Space.
 * @param {Page} page @param {string} grip the grip's name @param {string} over @param {string} key
 */
async function keyboardDrag(page, grip, over, key) {
  await page.getByRole('button', { name: grip }).focus();
  await page.keyboard.press('Space');
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await announcement.getByText(new RegExp(grip.split(' ').slice(2).join(' '))).waitFor();
  for (let i = 0; i < 60 && !(await announcement.textContent())?.includes(over); i++) {
    await page.keyboard.press(key);
    await nextFrames(page);
  }
  assert.match((await announcement.textContent()) ?? '', new RegExp(over), `the card never came ${over}`);
  await page.keyboard.press('Space');
}

/**
 * A mouse drag: press on the card, move past the 5 px threshold, move in steps to a point of the
 * target (below its cards), release. The grid may scroll itself while a card nears its edge, so
 * the target is measured again on the way until the pointer rests on it.
 * @param {Page} page @param {Locator} from @param {Locator} to
 */
async function mouseDrag(page, from, to) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  assert.ok(start, 'the card is shown');
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y, { steps: 4 });
  for (let step = 0, steps = 25; step < 4; step++, steps = 5) {
    const end = await to.boundingBox();
    assert.ok(end, 'the target is shown');
    await page.mouse.move(end.x + end.width / 2, end.y + end.height - 50, { steps });
    await nextFrames(page);
  }
  await page.mouse.up();
}

/**
 * A finger: press and hold on the card (the touch sensor waits 200 ms, so a swipe still scrolls),
 * slide to a point of the target below its cards, lift.
 * @param {Page} page @param {Locator} from @param {Locator} to
 */
async function touchDrag(page, from, to) {
  await from.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  assert.ok(start && end, 'the card and its target are shown');
  const cdp = await page.context().newCDPSession(page);
  const touch = (
    /** @type {'touchStart' | 'touchMove' | 'touchEnd'} */ type,
    /** @type {number} */ x,
    /** @type {number} */ y,
  ) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
    });
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2];
  const [tx, ty] = [end.x + end.width / 2, end.y + end.height - 30];
  await touch('touchStart', x, y);
  await page.waitForTimeout(400);
  for (let i = 1; i <= 20; i++) {
    await touch('touchMove', x + ((tx - x) * i) / 20, y + ((ty - y) * i) / 20);
    await nextFrames(page);
  }
  await touch('touchEnd', tx, ty);
  await cdp.detach();
}

/**
 * A phone (390 × 844, touch) signed in, dark, as phone-journey opens one.
 * @param {import('playwright-core').Browser} browser @param {string} token
 */
async function phoneContext(browser, token) {
  const context = await browser.newContext({
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
            { name: 'token', value: token },
            { name: 'theme', value: 'dark' },
            { name: 'i18nextLng', value: 'en' },
          ],
        },
      ],
    },
  });
  await context.route(
    (url) => url.origin !== new URL(BASE_URL).origin,
    (route) => route.abort(),
  );
  return context;
}

describe('WIP limits and swimlanes on the board', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let ownerToken = '';
  let memberToken = '';
  let boardId = '';
  /** @type {Record<string, string>} */
  const lists = {};
  /** @type {Record<string, string>} */
  const lanes = {};
  /** @type {Record<string, string>} */
  const cards = {};

  /** Where the server holds a card: its list's and lane's titles. @param {string} title */
  async function serverPlace(title) {
    const board = await callApi(ownerToken, 'GET', `/api/boards/${boardId}`);
    for (const list of board.lists)
      for (const card of list.cards)
        if (card.title === title)
          return {
            list: list.title,
            lane: board.lanes.find((/** @type {any} */ lane) => lane._id === card.laneId)?.title ?? null,
          };
    return null;
  }

  /** A page of the board for a person, in a theme and a language. */
  async function openBoard(token = ownerToken, options = {}, viewport = { width: 1440, height: 900 }) {
    const context =
      viewport === PHONE
        ? await phoneContext(browser, token)
        : await newAppContext(browser, { token, theme: 'light', language: 'en', ...options });
    const page = await context.newPage();
    if (viewport !== PHONE) await page.setViewportSize(viewport);
    const errors = watchErrors(page, REFUSED);
    await page.goto(`${BASE_URL}/board/${boardId}`);
    await page.locator('[data-lane-row]').first().waitFor();
    return { context, page, errors };
  }

  before(async () => {
    browser = await launchBrowser();
    const dewi = await registerAccount('Dewi Lestari');
    const budi = await registerAccount('Budi Santoso');
    ownerToken = await loginToken(dewi);
    memberToken = await loginToken(budi);
    boardId = (await callApi(ownerToken, 'POST', '/api/boards', { title: 'Mobile app' }))._id;
    await callApi(memberToken, 'POST', `/api/boards/${boardId}/join`);
    for (const title of ['To do', 'Doing', 'Done'])
      lists[title] = (await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lists`, { title }))._id;
    for (const title of ['Frontend', 'Backend'])
      lanes[title] = (await callApi(ownerToken, 'POST', `/api/boards/${boardId}/lanes`, { title }))._id;
    /** @type {[string, string, string | null][]} */
    const seed = [
      ['To do', 'Login form', 'Frontend'],
      ['To do', 'Rate limits', 'Backend'],
      ['To do', 'Write the FAQ', null],
      ['Doing', 'Search box', 'Frontend'],
      ['Doing', 'Query cache', 'Backend'],
    ];
    for (const [list, title, lane] of seed) {
      const card = await callApi(ownerToken, 'POST', `/api/lists/${lists[list]}/cards`, { title });
      cards[title] = card._id;
      if (lane) await callApi(ownerToken, 'PUT', `/api/cards/${card._id}`, { laneId: lanes[lane] });
    }
    // Doing is full: a hard limit of 2.
    await callApi(ownerToken, 'PUT', `/api/lists/${lists.Doing}`, { wipLimit: 2, wipMode: 'hard' });
  });
  after(() => browser?.close());

  it('moves cards between lanes with the keyboard and the mouse; the other person sees them live', async () => {
    const owner = await openBoard();
    const member = await openBoard(memberToken, { theme: 'dark' });
    assert.deepEqual(await laneTitles(owner.page), ['No lane', 'Frontend', 'Backend']);
    await cardIn(owner.page, 'To do', 'Frontend', 'Login form').waitFor();
    await owner.page.getByRole('img', { name: '2 of 2 cards (hard limit)' }).waitFor();

    // The keyboard: Login form goes down from Frontend to Backend, in its list.
    await keyboardDrag(owner.page, 'Move card Login form', 'is over list To do, lane Backend,', 'ArrowDown');
    await cardIn(owner.page, 'To do', 'Backend', 'Login form').waitFor();
    await eventually(async () =>
      assert.deepEqual(await serverPlace('Login form'), { list: 'To do', lane: 'Backend' }),
    );
    await cardIn(member.page, 'To do', 'Backend', 'Login form').waitFor({ timeout: LIVE_MS });

    // The keyboard across lists and lanes: right to Done, and up into Frontend.
    await keyboardDrag(owner.page, 'Move card Login form', 'is over list Done,', 'ArrowRight');
    await cardIn(owner.page, 'Done', 'Backend', 'Login form').waitFor();
    await keyboardDrag(owner.page, 'Move card Login form', 'is over list Done, lane Frontend,', 'ArrowUp');
    await cardIn(owner.page, 'Done', 'Frontend', 'Login form').waitFor();
    await eventually(async () =>
      assert.deepEqual(await serverPlace('Login form'), { list: 'Done', lane: 'Frontend' }),
    );

    // The mouse: Write the FAQ, from No lane of To do into Backend of Done.
    await mouseDrag(
      owner.page,
      cardIn(owner.page, 'To do', 'No lane', 'Write the FAQ'),
      cell(owner.page, 'Done', 'Backend'),
    );
    await cardIn(owner.page, 'Done', 'Backend', 'Write the FAQ').waitFor();
    await eventually(async () =>
      assert.deepEqual(await serverPlace('Write the FAQ'), { list: 'Done', lane: 'Backend' }),
    );
    await cardIn(member.page, 'Done', 'Backend', 'Write the FAQ').waitFor({ timeout: LIVE_MS });
    await cardIn(member.page, 'Done', 'Frontend', 'Login form').waitFor({ timeout: LIVE_MS });

    assert.deepEqual(owner.errors, []);
    assert.deepEqual(member.errors, []);
    await owner.context.close();
    await member.context.close();
  });

  it('puts a card a hard limit refuses back where it was, with the reason, for each person in their language', async () => {
    const owner = await openBoard();
    const member = await openBoard(memberToken, { theme: 'dark', language: 'id' });

    // Dewi drags Rate limits into Doing with the mouse: refused, back in To do / Backend.
    const refusal = owner.page.waitForResponse(
      (r) => r.url().endsWith(`/api/boards/${boardId}/dnd`) && r.request().method() === 'PUT',
    );
    await mouseDrag(
      owner.page,
      cardIn(owner.page, 'To do', 'Backend', 'Rate limits'),
      cell(owner.page, 'Doing', 'Backend'),
    );
    assert.equal((await refusal).status(), 409);
    await owner.page.getByRole('alert').getByText('The list "Doing" is at its limit of 2 cards.').waitFor();
    await cardIn(owner.page, 'To do', 'Backend', 'Rate limits').waitFor();
    assert.equal(await cardIn(owner.page, 'Doing', 'Backend', 'Rate limits').count(), 0);
    assert.deepEqual(await serverPlace('Rate limits'), { list: 'To do', lane: 'Backend' });

    // Budi, in Indonesian, tries the keyboard: Rate limits to the right, into Doing.
    const memberRefusal = member.page.waitForResponse(
      (r) => r.url().endsWith(`/api/boards/${boardId}/dnd`) && r.request().method() === 'PUT',
    );
    await keyboardDrag(
      member.page,
      'Pindahkan kartu Rate limits',
      'berada di atas daftar Doing,',
      'ArrowRight',
    );
    assert.equal((await memberRefusal).status(), 409);
    await member.page
      .getByRole('alert')
      .getByText('Daftar "Doing" sudah mencapai batasnya, 2 kartu.')
      .waitFor();
    await cardIn(member.page, 'To do', 'Backend', 'Rate limits', 'id').waitFor();
    await screenshot(member.page, 'lanes-refused-dark-id', { fullPage: false });
    assert.equal(await cell(member.page, 'Doing', 'Backend', 'id').getByText('Rate limits').count(), 0);
    await member.page.getByRole('img', { name: '2 dari 2 kartu (batas keras)' }).waitFor();
    assert.deepEqual(await serverPlace('Rate limits'), { list: 'To do', lane: 'Backend' });

    assert.deepEqual(owner.errors, []);
    assert.deepEqual(member.errors, []);
    await owner.context.close();
    await member.context.close();
  });

  it('shows a lane made and a limit set in one browser in the other, live; a soft limit passed turns red', async () => {
    const owner = await openBoard();
    const member = await openBoard(memberToken, { theme: 'dark' });

    await owner.page.getByRole('button', { name: 'Add a lane' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'New lane' });
    await dialog.getByRole('textbox', { name: 'Lane title' }).fill('Design');
    await dialog.getByRole('button', { name: 'Add lane' }).click();
    await member.page.getByRole('heading', { level: 2, name: 'Design' }).waitFor({ timeout: LIVE_MS });
    assert.deepEqual(await laneTitles(member.page), ['No lane', 'Frontend', 'Backend', 'Design']);

    // Move it up one, from its menu.
    await owner.page.getByRole('button', { name: 'Lane actions for Design' }).click();
    await owner.page.getByRole('menuitem', { name: 'Move lane up' }).click();
    await eventually(
      async () =>
        assert.deepEqual(await laneTitles(member.page), ['No lane', 'Frontend', 'Design', 'Backend']),
      LIVE_MS,
    );

    // To do gets a soft limit of 1: its one card fits; Budi's new card takes it over, and it turns red.
    await owner.page.getByRole('button', { name: 'List actions for To do' }).click();
    await owner.page.getByRole('menuitem', { name: 'Set WIP limit' }).click();
    const limit = owner.page.getByRole('dialog', { name: 'WIP limit: To do' });
    await limit.getByRole('spinbutton', { name: 'Most open cards in this list' }).fill('1');
    await limit.getByRole('button', { name: 'Save' }).click();
    await member.page.getByRole('img', { name: '1 of 1 cards (soft limit)' }).waitFor({ timeout: LIVE_MS });
    const designCell = cell(member.page, 'To do', 'Design');
    await designCell.getByRole('button', { name: 'Add a card' }).click();
    await designCell.getByRole('textbox', { name: 'Card title' }).fill('Empty states');
    await designCell.getByRole('textbox', { name: 'Card title' }).press('Enter');
    await cardIn(member.page, 'To do', 'Design', 'Empty states').waitFor();
    await owner.page
      .getByRole('img', { name: '2 of 1 cards: over the soft limit' })
      .waitFor({ timeout: LIVE_MS });
    await eventually(async () =>
      assert.deepEqual(await serverPlace('Empty states'), { list: 'To do', lane: 'Design' }),
    );

    assert.deepEqual(owner.errors, []);
    assert.deepEqual(member.errors, []);
    await owner.context.close();
    await member.context.close();
  });

  it('keeps a collapsed lane collapsed after a reload, for the person who collapsed it', async () => {
    const owner = await openBoard();
    await owner.page.getByRole('button', { name: 'Collapse lane Backend' }).click();
    await cell(owner.page, 'To do', 'Backend').waitFor({ state: 'detached' });

    await owner.page.reload();
    await owner.page.getByRole('button', { name: 'Expand lane Backend' }).waitFor();
    assert.equal(await cell(owner.page, 'To do', 'Backend').count(), 0);
    await cell(owner.page, 'To do', 'Frontend').waitFor();

    const member = await openBoard(memberToken);
    await cell(member.page, 'To do', 'Backend').waitFor();

    await owner.page.getByRole('button', { name: 'Expand lane Backend' }).click();
    await cell(owner.page, 'To do', 'Backend').waitFor();
    assert.deepEqual(owner.errors, []);
    await owner.context.close();
    await member.context.close();
  });

  it('has nothing serious for axe, in light and dark, English and Indonesian, with a list over its limit', async () => {
    for (const [theme, language] of /** @type {const} */ ([
      ['light', 'en'],
      ['dark', 'en'],
      ['light', 'id'],
      ['dark', 'id'],
    ])) {
      const { context, page, errors } = await openBoard(ownerToken, { theme, language });
      await page.getByRole('img', { name: /^2 (of|dari) 1/ }).waitFor();
      await assertNoSeriousViolations(page, `the board with lanes (${theme}, ${language})`);
      await screenshot(page, `lanes-${theme}-${language}`, { fullPage: false });
      assert.deepEqual(errors, []);
      await context.close();
    }
    // The WIP dialog and a lane's menu, too.
    const { context, page } = await openBoard();
    await page.getByRole('button', { name: 'List actions for Doing' }).click();
    await page.getByRole('menuitem', { name: 'Set WIP limit' }).click();
    await page.getByRole('dialog', { name: 'WIP limit: Doing' }).waitFor();
    await assertNoSeriousViolations(page, 'the WIP limit dialog');
    await screenshot(page, 'lanes-wip-dialog-light-en', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lane actions for Frontend' }).click();
    await page.getByRole('menu', { name: 'Lane actions for Frontend' }).waitFor();
    await assertNoSeriousViolations(page, 'a lane menu');
    await context.close();
  });

  it('is usable on a 390 px phone: lanes stack, cells scroll sideways, lane titles stay on screen, cards move by finger', async () => {
    const { context, page, errors } = await openBoard(ownerToken, { theme: 'dark' }, PHONE);
    // The page itself never scrolls sideways; the grid does.
    assert.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width,
      'the page is no wider than the phone',
    );
    const heading = page.getByRole('heading', { level: 2, name: 'Backend' });
    const grid = page
      .locator('[data-lane-row]')
      .first()
      .locator('xpath=ancestor::div[contains(@class,"overflow-auto")][1]');
    await grid.evaluate((element) => element.scrollBy({ left: 700 }));
    await cell(page, 'Done', 'Backend').scrollIntoViewIfNeeded();
    const box = await heading.boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= PHONE.width,
      `the lane title stays on screen: ${JSON.stringify(box)}`,
    );
    await assertNoSeriousViolations(page, 'the board with lanes on a phone');
    await screenshot(page, 'lanes-phone-dark-en', { fullPage: false });

    // A card moves between lanes by finger: Empty states, from Design down to Backend in To do.
    await grid.evaluate((element) => element.scrollTo({ left: 0 }));
    await touchDrag(page, cardIn(page, 'To do', 'Design', 'Empty states'), cell(page, 'To do', 'Backend'));
    await cardIn(page, 'To do', 'Backend', 'Empty states').waitFor();
    await eventually(async () =>
      assert.deepEqual(await serverPlace('Empty states'), { list: 'To do', lane: 'Backend' }),
    );

    // And by keyboard.
    await keyboardDrag(page, 'Move card Query cache', 'is over list Doing, lane Frontend,', 'ArrowUp');
    await cardIn(page, 'Doing', 'Frontend', 'Query cache').waitFor();
    await eventually(async () =>
      assert.deepEqual(await serverPlace('Query cache'), { list: 'Doing', lane: 'Frontend' }),
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});
