// @ts-check
/* global requestAnimationFrame -- page.evaluate callbacks run in the browser */
// The board screen on the real server in Chromium: a board made from the UI, lists and cards, the
// card detail, drag and drop with the mouse and the keyboard (checked against the server), and two
// people in two browser contexts who see each other's changes live.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot, uniqueEmail } from '../support/browser.mjs';
import { verifyByMail } from '../support/mailbox.mjs';
import { eventually } from '../support/eventually.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

const VIEWPORT = { width: 1440, height: 900 };
/**
 * docs/product.md, "Board screen": a change by one person shows for the other within 2 s, without a
 * reload.
 */
const LIVE_MS = 2_000;
/**
 * docs/product.md, "Board screen": with the socket blocked, the 5 s poll shows a change within 6 s.
 */
const POLL_MS = 6_000;

/** @param {string} path @param {{ method?: string, token?: string, body?: unknown }} [options] */
async function api(path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The status of a read, for the answers that are refusals. @param {string} path @param {string} token */
async function statusOf(path, token) {
  const response = await fetch(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

/** A registered account, its address verified from the mail, and its token. @param {string} name */
async function signedUp(name) {
  const account = { name, email: uniqueEmail('board'), password: 'secret-password' };
  await api('/api/auth/register', { method: 'POST', body: account });
  // Invitations wait for a verified address (docs/api.md, "Members").
  await verifyByMail(account.email);
  const { token } = await api('/api/auth/login', { method: 'POST', body: account });
  return { ...account, token: /** @type {string} */ (token) };
}

/**
 * A signed-in page with a theme and a language, as the app stores them (docs/product.md,
 * "States and transitions").
 * @param {import('playwright-core').Browser} browser @param {string} token
 * @param {{ theme?: 'light' | 'dark', language?: 'en' | 'id' }} [options]
 */
async function signedInPage(browser, token, { theme = 'light', language = 'en' } = {}) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    timezoneId: 'Asia/Jakarta',
    locale: language === 'id' ? 'id-ID' : 'en-US',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: BASE_URL,
          localStorage: [
            { name: 'token', value: token },
            { name: 'theme', value: theme },
            { name: 'i18nextLng', value: language },
          ],
        },
      ],
    },
  });
  // Only the app's own server answers (the initials-avatar service is outside).
  await context.route(
    (url) => url.origin !== new URL(BASE_URL).origin,
    (route) => route.abort(),
  );
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The lists and their card titles as the server holds them. @param {string} boardId @param {string} token */
async function serverOrder(boardId, token) {
  const board = await api(`/api/boards/${boardId}`, { token });
  return Object.fromEntries(
    board.lists.map((/** @type {any} */ list) => [
      list.title,
      list.cards.map((/** @type {any} */ c) => c.title),
    ]),
  );
}

/** The board's lists, with their ids and cards, as the server holds them. @param {string} boardId @param {string} token */
async function serverLists(boardId, token) {
  const board = await api(`/api/boards/${boardId}`, { token });
  return /** @type {{ _id: string, title: string, cards: { _id: string, title: string }[] }[]} */ (
    board.lists
  );
}

/** @param {Page} page @param {string} title */
const list = (page, title) => page.getByRole('region', { name: title, exact: true });
/** @param {Page} page @param {string} listTitle @param {string} cardTitle */
const card = (page, listTitle, cardTitle) =>
  list(page, listTitle).getByRole('button').filter({ hasText: cardTitle });

/** @param {Page} page @param {string} listTitle @param {string[]} titles */
async function addCards(page, listTitle, titles) {
  await list(page, listTitle).getByRole('button', { name: 'Add a card' }).click();
  const field = list(page, listTitle).getByRole('textbox', { name: 'Card title' });
  for (const title of titles) {
    // The live event can show the last card before its request answers and clears the field:
    // typing before that would be wiped, so wait for the empty field.
    await eventually(async () => assert.equal(await field.inputValue(), ''), 10_000);
    await field.fill(title);
    await field.press('Enter');
    await card(page, listTitle, title).waitFor();
  }
  await list(page, listTitle).getByRole('button', { name: 'Cancel' }).click();
}

/**
 * Picks a card up with the keyboard (its grip), moves it in 25 px steps until the screen-reader
 * announcement says it is over `listTitle` (the board scrolls on the way, so the count varies),
 * and drops it with Space.
 * @param {Page} page @param {string} title @param {string} listTitle @param {{ up?: number }} [options]
 */
async function keyboardDrag(page, title, listTitle, { up = 0 } = {}) {
  // The change before it answered and drawn: an answer arriving mid-drag would redraw the list.
  await page
    .locator('[data-outbox-status]')
    .getByText(/Offline|Syncing/)
    .waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Move card ${title}` }).focus();
  await page.keyboard.press('Space');
  const announcement = page.locator('[id^="DndLiveRegion"]');
  // 'Picked up card …', at once followed by where it is.
  await announcement.getByText(new RegExp(`card ${title}`, 'i')).waitFor();
  for (let i = 0; i < up; i++) await step(page, 'ArrowUp');
  const over = `is over list ${listTitle},`;
  for (let i = 0; i < 60 && !(await announcement.textContent())?.includes(over); i++) {
    await step(page, 'ArrowRight');
  }
  assert.match(
    (await announcement.textContent()) ?? '',
    new RegExp(over),
    'the card never came over the list',
  );
  await page.keyboard.press('Space');
  await announcement.getByText(`Card ${title} was dropped in list ${listTitle}`).waitFor();
}

/**
 * One keyboard step of a drag, then two animation frames: the announcement is read only after
 * React has drawn the step (on a busy machine it may otherwise still tell the step before).
 * @param {Page} page @param {string} key
 */
async function step(page, key) {
  await page.keyboard.press(key);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

describe('a team works on a board', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof signedUp>>} */
  let siti;
  /** @type {Awaited<ReturnType<typeof signedUp>>} */
  let budi;
  let boardUrl = '';
  let boardId = '';

  before(async () => {
    browser = await launchBrowser();
    siti = await signedUp('Siti Rahma');
    budi = await signedUp('Budi Santoso');
  });
  after(async () => {
    await browser?.close();
  });

  it('creates a board, fills it, details a card and drags cards with the mouse and the keyboard', async () => {
    const { context, page, errors } = await signedInPage(browser, siti.token);
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByLabel('Board title').fill('Launch plan');
    await page.getByRole('button', { name: 'Create Board' }).click();
    await page.getByRole('link', { name: 'Launch plan' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Launch plan' }).waitFor();
    boardUrl = page.url();
    boardId = boardUrl.split('/board/')[1] ?? '';

    await page.getByRole('button', { name: 'Add another list' }).click();
    for (const title of ['To Do', 'Doing', 'Done']) {
      await page.getByRole('textbox', { name: 'List title' }).fill(title);
      await page.getByRole('textbox', { name: 'List title' }).press('Enter');
      await list(page, title).waitFor();
    }
    await page.getByRole('textbox', { name: 'List title' }).press('Escape');
    await addCards(page, 'To Do', ['Write spec', 'Build UI', 'Test release']);
    assert.deepEqual(await serverOrder(boardId, siti.token), {
      'To Do': ['Write spec', 'Build UI', 'Test release'],
      Doing: [],
      Done: [],
    });

    // The card detail: description, label, checklist with an item ticked, a comment.
    await card(page, 'To Do', 'Write spec').click();
    const modal = page.getByRole('dialog', { name: 'Write spec' });
    await modal.getByText('in list To Do').waitFor();
    await modal.getByRole('button', { name: 'No description provided. Click to add one...' }).click();
    await modal.getByRole('textbox', { name: 'Card description' }).fill('What we ship and when.');
    await modal.getByRole('button', { name: 'Save' }).first().click();
    await modal.getByText('What we ship and when.').waitFor();
    await modal.getByRole('button', { name: 'Labels' }).click();
    await page.getByRole('dialog', { name: 'Labels' }).getByRole('checkbox', { name: 'Feature' }).check();
    await page.keyboard.press('Escape');
    await modal.getByRole('button', { name: 'Checklist' }).click();
    await page.getByRole('dialog', { name: 'Checklist' }).getByRole('button', { name: 'Add' }).click();
    await modal.getByRole('progressbar', { name: '0% of Checklist completed' }).waitFor();
    await modal.getByRole('button', { name: 'Add an item' }).click();
    await modal.getByRole('textbox', { name: 'Item text' }).fill('Draft the API');
    await modal.getByRole('textbox', { name: 'Item text' }).press('Enter');
    await modal.getByRole('checkbox', { name: 'Draft the API' }).check();
    await modal.getByRole('progressbar', { name: '100% of Checklist completed' }).waitFor();
    await modal.getByRole('textbox', { name: 'Comment' }).fill('Looks good to me');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    // The posted comment (its event may come before the answer that empties the box).
    await modal.getByRole('paragraph').filter({ hasText: 'Looks good to me' }).waitFor();
    await modal.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await screenshot(page, 'board-card-modal-light-en');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await card(page, 'To Do', 'Write spec').getByText('1/1').waitFor();

    // A mouse drag: press, move past the 5 px threshold, move in steps onto the other list, release.
    const from = await card(page, 'To Do', 'Build UI').boundingBox();
    const to = await list(page, 'Doing').boundingBox();
    assert.ok(from && to);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 25 });
    await page.mouse.move(to.x + to.width / 2, to.y + 64, { steps: 4 });
    await page
      .locator('[id^="DndLiveRegion"]')
      .getByText(/Build UI is over list Doing,/)
      .waitFor();
    await page.mouse.up();
    await card(page, 'Doing', 'Build UI').waitFor();
    await eventually(async () =>
      assert.deepEqual(await serverOrder(boardId, siti.token), {
        'To Do': ['Write spec', 'Test release'],
        Doing: ['Build UI'],
        Done: [],
      }),
    );

    // A keyboard drag: Space picks up, arrows move 25 px, Space drops (two lists to the right).
    await keyboardDrag(page, 'Test release', 'Done', { up: 3 });
    await card(page, 'Done', 'Test release').waitFor();
    await eventually(async () =>
      assert.deepEqual(await serverOrder(boardId, siti.token), {
        'To Do': ['Write spec'],
        Doing: ['Build UI'],
        Done: ['Test release'],
      }),
    );
    // Enter picks up too; Escape cancels and the card stays where it was.
    // The previous drop is still settling on a loaded machine: wait for the pick-up announcement
    // before moving, so the arrows and Escape reach a drag that has started.
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: 'Move card Write spec' }).focus();
    await page.keyboard.press('Enter');
    // 'Picked up card …', at once followed by where it is.
    await liveRegion.getByText(/card Write spec/i).waitFor();
    for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
    // CI twice saw no cancellation after one Escape on a loaded machine (the key never reached the
    // drag): Escape again until the drag says it was cancelled. Escape outside a drag does nothing.
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('Escape');
      const cancelled = liveRegion.getByText(/Dragging was cancelled/);
      const seen = await cancelled.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (seen) break;
      if (attempt === 4) await cancelled.waitFor({ timeout: 1 });
    }
    await card(page, 'To Do', 'Write spec').waitFor();
    assert.deepEqual((await serverOrder(boardId, siti.token))['To Do'], ['Write spec']);

    // Read afresh, so the picture shows the board at rest (no drop animation, not scrolled).
    await page.reload();
    await card(page, 'Done', 'Test release').waitFor();
    await screenshot(page, 'board-light-en');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows one person’s changes to another within 2 s, after joining through the share link', async () => {
    const owner = await signedInPage(browser, siti.token);
    const member = await signedInPage(browser, budi.token, { theme: 'dark' });
    await owner.page.goto(boardUrl);
    await owner.page.getByRole('heading', { level: 1, name: 'Launch plan' }).waitFor();

    await member.page.goto(boardUrl);
    await member.page.getByText('You are not a member of this board.').waitFor();
    await member.page.getByRole('button', { name: 'Join Board' }).click();
    // Issue 16: the board shows at once after joining, not after a reload or a 15 s wait.
    await member.page.getByRole('heading', { level: 1, name: 'Launch plan' }).waitFor({ timeout: LIVE_MS });
    await owner.page.getByRole('list', { name: /Viewing now: .*Budi Santoso/ }).waitFor({ timeout: LIVE_MS });

    // The owner adds a card: the member sees it.
    await addCards(owner.page, 'Doing', ['Live from Siti']);
    await card(member.page, 'Doing', 'Live from Siti').waitFor({ timeout: LIVE_MS });

    // The member moves it with the keyboard: the owner sees it in its new list.
    await keyboardDrag(member.page, 'Live from Siti', 'Done', { up: 2 });
    await card(member.page, 'Done', 'Live from Siti').waitFor();
    await card(owner.page, 'Done', 'Live from Siti').waitFor({ timeout: LIVE_MS });

    // The member renames a card and comments on it: the owner, with it open, sees both.
    await card(owner.page, 'To Do', 'Write spec').click();
    const ownerModal = owner.page.getByRole('dialog', { name: 'Write spec' });
    await ownerModal.getByText('Looks good to me').waitFor();
    await card(member.page, 'To Do', 'Write spec').click();
    const memberModal = member.page.getByRole('dialog', { name: 'Write spec' });
    await memberModal.getByRole('textbox', { name: 'Comment' }).fill('On it!');
    await memberModal.getByRole('button', { name: 'Save', exact: true }).click();
    await ownerModal.getByText('On it!').waitFor({ timeout: LIVE_MS });
    await memberModal.getByRole('button', { name: 'Write spec' }).click();
    // While it is edited, the dialog's name is the title being typed: find the field by its own name.
    const titleField = member.page.getByRole('dialog').getByRole('textbox', { name: 'Card title' });
    await titleField.fill('Write the spec');
    await titleField.press('Enter');
    await owner.page.getByRole('dialog', { name: 'Write the spec' }).waitFor({ timeout: LIVE_MS });
    await screenshot(member.page, 'board-card-modal-dark-en');
    await member.page.keyboard.press('Escape');
    await owner.page.keyboard.press('Escape');

    // The member sees the owner tag in the share panel; the owner reads the activity.
    await member.page.getByRole('button', { name: 'Share' }).click();
    await member.page.getByRole('heading', { name: 'Members (2)' }).waitFor();
    await screenshot(member.page, 'board-share-dark-en');
    await owner.page.getByRole('button', { name: 'Activity' }).click();
    await owner.page
      .getByRole('dialog', { name: 'Board Activity' })
      .getByText('Budi Santoso')
      .first()
      .waitFor();
    await screenshot(owner.page, 'board-activity-light-en');

    assert.deepEqual([...owner.errors, ...member.errors], []);
    await owner.context.close();
    await member.context.close();
  });

  it('reads in both languages and both themes', async () => {
    for (const [theme, language] of /** @type {const} */ ([
      ['dark', 'en'],
      ['light', 'id'],
      ['dark', 'id'],
    ])) {
      const { context, page, errors } = await signedInPage(browser, siti.token, { theme, language });
      await page.goto(boardUrl);
      await list(page, 'Done').waitFor();
      const addList = language === 'id' ? 'Tambah daftar lain' : 'Add another list';
      await page.getByRole('button', { name: addList }).waitFor();
      await screenshot(page, `board-${theme}-${language}`);
      if (language === 'id') {
        await card(page, 'Doing', 'Build UI').click();
        await page.getByText('di daftar Doing').waitFor();
        await screenshot(page, `board-card-modal-${theme}-id`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('reorders the lists by dragging one by its handle with the mouse', async () => {
    const { context, page, errors } = await signedInPage(browser, siti.token);
    await page.goto(boardUrl);
    await list(page, 'Done').waitFor();
    assert.deepEqual(Object.keys(await serverOrder(boardId, siti.token)), ['To Do', 'Doing', 'Done']);

    // Done's grip, past the 5 px threshold, in steps to the left edge of To Do, released.
    const grip = page.getByRole('button', { name: 'Move list Done' });
    const region = page.locator('[id^="DndLiveRegion"]');
    // Picked up once the board stands still: as it settles it may still shift under the pointer.
    const { target, y } = await eventually(
      async () => {
        await grip.hover();
        const handle = await grip.boundingBox();
        const target = await list(page, 'To Do').boundingBox();
        assert.ok(handle && target);
        const x = handle.x + handle.width / 2;
        const y = handle.y + handle.height / 2;
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x - 8, y, { steps: 4 });
        try {
          // 'Picked up list Done.', soon followed by where it is.
          await region.getByText(/list Done/i).waitFor({ timeout: 2_000 });
        } catch (error) {
          await page.mouse.up();
          throw error;
        }
        return { target, y };
      },
      15_000,
      250,
    );
    await page.mouse.move(target.x + 10, y, { steps: 25 });
    await page.mouse.move(target.x + 6, y, { steps: 4 });
    // Released only once the board has seen the list over its new place (a busy machine draws late).
    // dnd-kit looks again at each pointer move: a hand that has not seen it yet moves a little.
    let wiggle = 0;
    await eventually(
      async () => {
        if ((await region.textContent())?.includes('List Done is over position 1 of 3.')) return;
        await page.mouse.move(target.x + (wiggle++ % 2 ? 4 : 8), y);
        assert.fail(`not over position 1 yet: ${await region.textContent()}`);
      },
      30_000,
      250,
    );
    await page.mouse.up();
    await eventually(async () =>
      assert.deepEqual(Object.keys(await serverOrder(boardId, siti.token)), ['Done', 'To Do', 'Doing']),
    );
    const shown = await page
      .locator('section[data-list-id]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')));
    assert.deepEqual(shown, ['Done', 'To Do', 'Doing']);

    // Read afresh: the server's order is the one shown.
    await page.reload();
    await list(page, 'Done').waitFor();
    const reloaded = await page
      .locator('section[data-list-id]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')));
    assert.deepEqual(reloaded, ['Done', 'To Do', 'Doing']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('edits and deletes a comment, copies a card and deletes a card from the modal', async () => {
    const { context, page, errors } = await signedInPage(browser, siti.token);
    await page.goto(boardUrl);
    await list(page, 'Doing').waitFor();
    await addCards(page, 'Doing', ['Plan review', 'Wrap up']);
    assert.deepEqual((await serverOrder(boardId, siti.token)).Doing, ['Build UI', 'Plan review', 'Wrap up']);

    await card(page, 'Doing', 'Plan review').click();
    const modal = page.getByRole('dialog', { name: 'Plan review' });
    await modal.getByText('in list Doing').waitFor();
    await modal.getByRole('textbox', { name: 'Comment' }).fill('First thought');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    // The posted comment (the box may still hold the text until the answer has come).
    await modal.getByRole('listitem').filter({ hasText: 'First thought' }).waitFor();

    // The author's Edit: the text in a field, changed and saved.
    await modal
      .getByRole('listitem')
      .filter({ hasText: 'First thought' })
      .getByRole('button', { name: 'Edit', exact: true })
      .click();
    const editor = modal.getByRole('textbox', { name: 'Edit comment' });
    await editor.fill('Second thought');
    await modal
      .getByRole('listitem')
      .filter({ has: page.getByRole('textbox', { name: 'Edit comment' }) })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    await modal.getByText('Second thought').waitFor();
    await editor.waitFor({ state: 'detached' });
    const planId =
      (await serverLists(boardId, siti.token))
        .find((l) => l.title === 'Doing')
        ?.cards.find((c) => c.title === 'Plan review')?._id ?? '';
    await eventually(async () =>
      assert.deepEqual(
        (await api(`/api/cards/${planId}/comments`, { token: siti.token })).map(
          (/** @type {any} */ c) => c.text,
        ),
        ['Second thought'],
      ),
    );

    // The author's Delete asks first, in the app's own dialog.
    await modal
      .getByRole('listitem')
      .filter({ hasText: 'Second thought' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete comment' });
    await confirm.getByText('Are you sure you want to delete this comment?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await modal.getByText('Second thought').waitFor({ state: 'detached' });
    await eventually(async () =>
      assert.deepEqual(await api(`/api/cards/${planId}/comments`, { token: siti.token }), []),
    );

    // ACTIONS → Copy: the modal closes and the copy comes right after the original.
    await modal
      .getByRole('region', { name: /actions/i })
      .getByRole('button', { name: 'Copy' })
      .click();
    await modal.waitFor({ state: 'detached' });
    await eventually(async () => assert.equal(await card(page, 'Doing', 'Plan review').count(), 2));
    const doing = (await serverLists(boardId, siti.token)).find((l) => l.title === 'Doing');
    assert.deepEqual(
      doing?.cards.map((c) => c.title),
      ['Build UI', 'Plan review', 'Plan review', 'Wrap up'],
    );
    assert.equal(doing?.cards[1]?._id, planId);
    const copyId = doing?.cards[2]?._id ?? '';

    // ACTIONS → Delete (on the copy): the modal closes and the card is gone, on screen and on the server.
    await card(page, 'Doing', 'Plan review').nth(1).click();
    await modal.getByText('in list Doing').waitFor();
    await modal
      .getByRole('region', { name: /actions/i })
      .getByRole('button', { name: 'Delete' })
      .click();
    await modal.waitFor({ state: 'detached' });
    await eventually(async () => assert.equal(await card(page, 'Doing', 'Plan review').count(), 1));
    await eventually(async () => {
      const cards = (await serverLists(boardId, siti.token)).find((l) => l.title === 'Doing')?.cards ?? [];
      assert.deepEqual(
        cards.map((c) => c._id),
        [doing?.cards[0]?._id, planId, doing?.cards[3]?._id],
      );
      assert.ok(!cards.some((c) => c._id === copyId));
    });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('refuses Join Board with link joining off, and lets an invited user straight in', async () => {
    const ani = await signedUp('Ani Wijaya');
    await api(`/api/boards/${boardId}`, { method: 'PUT', token: siti.token, body: { linkJoining: false } });
    const { context, page, errors } = await signedInPage(browser, ani.token);
    await page.goto(boardUrl);
    await page.getByText('You are not a member of this board.').waitFor();
    await page.getByRole('button', { name: 'Join Board' }).click();
    await page.getByText('This board can only be joined by invitation.').waitFor();
    await page.getByText('You are not a member of this board.').waitFor();
    assert.equal(await statusOf(`/api/boards/${boardId}`, ani.token), 403);
    await screenshot(page, 'board-join-refused-light-en');

    // The owner invites her: opening the link shows the board, with no Join screen.
    await api(`/api/boards/${boardId}/members`, {
      method: 'POST',
      token: siti.token,
      body: { email: ani.email },
    });
    await page.goto(boardUrl);
    await page.getByRole('heading', { level: 1, name: 'Launch plan' }).waitFor();
    await list(page, 'Doing').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Join Board' }).count(), 0);
    assert.equal(await statusOf(`/api/boards/${boardId}`, ani.token), 200);
    assert.deepEqual(errors, []);
    await context.close();
    await api(`/api/boards/${boardId}`, { method: 'PUT', token: siti.token, body: { linkJoining: true } });
  });

  it('shows a change within 6 s through polling the event log when the socket is blocked', async () => {
    const member = await signedInPage(browser, budi.token);
    let blocked = 0;
    // Before the board opens: no socket.io transport ever connects, only the board reads work.
    await member.context.route('**/socket.io/**', (route) => {
      blocked++;
      return route.abort();
    });
    /** @type {URL[]} */
    const reads = [];
    member.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(`/api/boards/${boardId}`)) reads.push(url);
    });
    await member.page.goto(boardUrl);
    await list(member.page, 'Doing').waitFor();
    // The board screen reads the compact form once, then only the events (docs/realtime.md,
    // "Recovering: the version is the truth").
    const whole = (/** @type {URL} */ url) => url.pathname === `/api/boards/${boardId}`;
    assert.deepEqual(
      reads.filter(whole).map((url) => url.searchParams.get('view')),
      ['compact'],
    );
    reads.length = 0;

    const doing = (await serverLists(boardId, siti.token)).find((l) => l.title === 'Doing');
    assert.ok(doing);
    await api(`/api/lists/${doing._id}/cards`, {
      method: 'POST',
      token: siti.token,
      body: { title: 'Seen by polling' },
    });
    // Measured from the change: the server has answered, the poll has up to 6 s to show it.
    await card(member.page, 'Doing', 'Seen by polling').waitFor({ timeout: POLL_MS });
    assert.ok(blocked > 0, 'the socket was tried and blocked');
    assert.ok(
      reads.some((url) => url.pathname === `/api/boards/${boardId}/events` && url.searchParams.has('after')),
      'the poll asked for the events after its version',
    );
    assert.deepEqual(reads.filter(whole), [], 'no whole-board read after the first');
    assert.deepEqual(member.errors, []);
    await member.context.close();
  });
});
