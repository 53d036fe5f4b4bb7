// @ts-check
/* global window, document -- page.evaluate callbacks run in the browser */
// Markdown in the card detail (docs/product.md, "Card detail") in Chromium: a description with a
// task list renders and a box toggles and persists; hostile Markdown in a description and a comment
// (script, javascript: and data: links, <img onerror>, 5,000 nested quotes, thousands of nested
// lists) runs nothing, renders safely and leaves the page responsive.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';

/** Each payload sets window.__xss (and opens a dialog) if it ever runs. */
const HOSTILE = [
  '<script>window.__xss=1;alert(1)</script>',
  '',
  'Inline <img src=x onerror="window.__xss=2;alert(2)"> and <a href="javascript:window.__xss=3">a tag</a>.',
  '',
  '[js link](javascript:window.__xss=4;alert(4)) [data link](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)',
  '![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDYpIi8+) ![remote](https://tracker.example.com/p.png)',
  '[safe](https://example.com/docs) <https://example.com/auto> www.example.org',
].join('\n');
const TASKS =
  '## Launch\n\n- [ ] Ship it\n- [x] Test it\n\n| Step | Owner |\n| --- | --- |\n| Deploy | ~~Ann~~ |';
const DEEP_QUOTES = `${'>'.repeat(5000)} deep quote`;
const DEEP_LISTS = `${'- '.repeat(5000)}deep list`;

describe('Markdown in the card detail', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let token = '';
  let boardId = '';
  let cardId = '';

  before(async () => {
    browser = await launchBrowser();
    const account = await registerAccount('Mallory Markdown');
    token = await loginToken(account);
    boardId = (await callApi(token, 'POST', '/api/boards', { title: 'Markdown board' }))._id;
    const list = await callApi(token, 'POST', `/api/boards/${boardId}/lists`, { title: 'To Do' });
    const card = await callApi(token, 'POST', `/api/lists/${list._id}/cards`, { title: 'Hostile card' });
    cardId = card._id;
    await callApi(token, 'PUT', `/api/cards/${cardId}`, { description: `${TASKS}\n\n${HOSTILE}` });
    await callApi(token, 'POST', `/api/cards/${cardId}/comments`, { text: HOSTILE });
    await callApi(token, 'POST', `/api/cards/${cardId}/comments`, { text: DEEP_QUOTES });
    const deep = await callApi(token, 'POST', `/api/lists/${list._id}/cards`, { title: 'Deep card' });
    await callApi(token, 'PUT', `/api/cards/${deep._id}`, { description: DEEP_LISTS });
    await callApi(token, 'POST', `/api/cards/${deep._id}/comments`, { text: DEEP_QUOTES });
  });
  after(() => browser?.close());

  it('renders hostile Markdown inertly, stays responsive, and a task box toggles and persists', async () => {
    const context = await newAppContext(browser, { token, theme: 'light' });
    const page = await context.newPage();
    /** @type {string[]} */
    const dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors = watchErrors(page, [/Content Security Policy/, /Failed to load resource/]);
    /** @type {string[]} */
    const foreign = [];
    // Nothing the Markdown names is fetched (the avatar service is the app's own, refused by the test).
    page.on('request', (request) => {
      if (/example\.(com|org)/.test(new URL(request.url()).hostname)) foreign.push(request.url());
    });

    await page.goto(`${BASE_URL}/board/${boardId}`);
    await page.getByText('Hostile card').first().click();
    const modal = page.getByRole('dialog', { name: 'Hostile card' });
    await modal.waitFor();

    // The description rendered: heading, table, strikethrough, the task boxes.
    await modal.getByRole('heading', { name: 'Launch' }).waitFor();
    await modal.getByRole('cell', { name: 'Deploy' }).waitFor();
    const ship = modal.getByRole('checkbox', { name: 'Ship it' });
    assert.equal(await ship.isChecked(), false);
    assert.equal(await modal.getByRole('checkbox', { name: 'Test it' }).isChecked(), true);
    // Both the description and the comment show the raw HTML as typed.
    await modal.getByText('<script>window.__xss=1;alert(1)</script>').nth(1).waitFor();
    await modal.getByText('deep quote').waitFor();

    const rendered = await page.evaluate(() => {
      const dialog = document.querySelector('[role="dialog"]');
      const links = [...(dialog?.querySelectorAll('a') ?? [])];
      return {
        imgs: document.querySelectorAll('img[src="x"], img[onerror], img[src^="data:"], img[src*="tracker"]')
          .length,
        scripts: [...document.scripts].filter((s) => (s.textContent ?? '').includes('__xss')).length,
        unsafeLinks: links.filter((a) => !/^(https?:|mailto:)/.test(a.getAttribute('href') ?? '')).length,
        unsafeTargets: links.filter((a) => a.target !== '_blank' || a.rel !== 'noopener noreferrer').length,
        hrefs: links.map((a) => a.getAttribute('href')),
        handlers: [...document.querySelectorAll('*')].filter((e) =>
          [...e.attributes].some((a) => /^on/i.test(a.name)),
        ).length,
        quoteDepth: dialog?.querySelectorAll('blockquote').length ?? 0,
      };
    });
    assert.deepEqual(
      { ...rendered, hrefs: [...new Set(rendered.hrefs)].sort() },
      {
        imgs: 0,
        scripts: 0,
        unsafeLinks: 0,
        unsafeTargets: 0,
        // The remote image is a link to it, never loaded; javascript: and data: lose their links.
        hrefs: [
          'http://www.example.org/',
          'https://example.com/auto',
          'https://example.com/docs',
          'https://tracker.example.com/p.png',
        ],
        handlers: 0,
        quoteDepth: rendered.quoteDepth,
      },
    );
    assert.ok(rendered.quoteDepth <= 24, `${rendered.quoteDepth} nested quotes rendered`);

    // The task box saves the description (PUT /api/cards/{id}) and survives a reload.
    const put = page.waitForResponse(
      (r) => r.url().endsWith(`/api/cards/${cardId}`) && r.request().method() === 'PUT',
    );
    await modal.getByRole('checkbox', { name: 'Ship it' }).check();
    const answer = await put;
    assert.equal(answer.status(), 200);
    // The browser asks for {data, event} (Prefer: papan-change): the card is `data`.
    const { data: saved, event } = await answer.json();
    assert.equal(event.type, 'card.updated');
    assert.match(saved.description, /^- \[x\] Ship it$/m);
    assert.match(saved.description, /^- \[x\] Test it$/m);
    // The open card is in the address, so the reload opens it again.
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Hostile card' })
      .getByRole('checkbox', { name: 'Ship it' })
      .waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Ship it' }).isChecked(), true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Hostile card' }).waitFor({ state: 'detached' });

    // Thousands of nested lists and quotes: the parse is off the page's thread and given up on
    // after its time limit (the text then shows plain); the page keeps answering meanwhile.
    await page.getByText('Deep card').first().click();
    const deep = page.getByRole('dialog', { name: 'Deep card' });
    await deep.waitFor();
    const worstGap = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const start = performance.now();
          let last = start;
          let worst = 0;
          const tick = () => {
            const now = performance.now();
            worst = Math.max(worst, now - last);
            last = now;
            if (now - start < 3000) setTimeout(tick, 10);
            else resolve(worst);
          };
          setTimeout(tick, 10);
        }),
    );
    assert.ok(Number(worstGap) < 1000, `the page stalled for ${Math.round(Number(worstGap))} ms`);
    await deep.getByText('deep list', { exact: false }).first().waitFor();
    await deep.getByText('deep quote', { exact: false }).first().waitFor();
    await deep.getByRole('button', { name: 'Edit description' }).click();
    await deep.getByRole('textbox', { name: 'Card description' }).waitFor();

    assert.equal(await page.evaluate(() => /** @type {any} */ (window).__xss), undefined);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(foreign, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
