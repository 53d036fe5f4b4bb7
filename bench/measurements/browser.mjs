// @ts-check
/* global window, document, location, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// Chromium (Debian's, headless, the e2e flags): time to render the 2,000-card board from
// navigation start, the time for a move made through the API to show in a second browser, the
// board filter's time per keystroke over the 2,000 cards (issue 19), and the same 2,000 cards in 5
// swimlanes rendered as the lanes grid (issue 34; docs/lanes.md).
//
// "Rendered" is, in order of preference: a performance mark the board screen sets whose name
// matches /board.*render/i; the frame in which 2,000 card elements (`[data-testid="board-card"]` or
// `[data-card-id]`) are in the DOM; else (lists virtualised, no test ids) the last frame that
// changed the DOM once the first and last list titles were on screen, after 1.5 s without change.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, launchBrowser } from '../../e2e/support/browser.mjs';
import { HttpClient, postFile } from '../lib/http.mjs';
import {
  cardArrived,
  logLongTasks,
  readTableWatch,
  readWatch,
  signInAndWatch,
  sortTableBy,
  takeLongTasks,
  watchCardArrival,
  watchTable,
} from '../lib/page-probes.mjs';
import { listTitle } from '../lib/seed.mjs';
/** The board filter's pause after typing (frontend/src/features/board/hooks/use-card-filter.ts). */
const TYPING_PAUSE_MS = 150;
import { round, sleep, summarize } from '../lib/stats.mjs';

const QUIET_MS = 1500;
/** The lanes of the board the lanes row renders (issue 34). */
const LANES = 5;
/** The title of the card the move measurement adds. */
const MOVER = 'Bench mover';
const PENDING = 'pending board screen';

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureBrowser(ctx) {
  const { size } = ctx;
  if (!findChromium()) return skipped('skipped: no Chromium at /usr/bin/chromium');
  const browser = await launchBrowser();
  try {
    const renders = [];
    for (let i = 0; i < size.renderWarmups + size.renders; i++) {
      // With `--profile`, the last load is traced (bench/trace-summary.mjs reads it).
      const traced = !!ctx.profileDir && i === size.renderWarmups + size.renders - 1;
      const r = await renderOnce(ctx, browser, traced);
      if (r.pending) return skipped(PENDING, { firstTry: r });
      if (i >= size.renderWarmups) renders.push(r);
    }
    const render = summarize(renders.map((r) => r.ms));
    const arrival = await moveShows(ctx, browser);
    const filtering = await filterKeystrokes(ctx, browser);
    const lanes = await renderLanes(ctx, browser);
    const table = await tableView(ctx, browser);
    return {
      name: 'browser',
      figures: [
        {
          id: 'frontend.board-render',
          label: '2,000-card board rendered in Chromium, median',
          value: render.p50,
          unit: 'ms',
        },
        {
          id: 'frontend.board-render-lanes',
          label: `${ctx.size.cards.toLocaleString('en')} cards in ${LANES} lanes rendered in Chromium, median`,
          value: lanes.render.p50,
          unit: 'ms',
        },
        {
          id: 'frontend.table-render',
          label: `${ctx.size.cards.toLocaleString('en')} cards in the table view rendered in Chromium, median`,
          value: table.render.p50,
          unit: 'ms',
        },
        {
          id: 'frontend.table-sort',
          label: `Table view: sort ${ctx.size.cards.toLocaleString('en')} cards by a number field, click → next frame, p50`,
          value: table.sort.p50,
          unit: 'ms',
        },
        {
          id: 'frontend.move-shows',
          label: 'Move through the API → shown in a second browser, p50',
          value: arrival.shown.p50,
          unit: 'ms',
        },
        {
          id: 'frontend.filter-keystroke',
          label: 'Board filter over 2,000 cards: keystroke → next frame, p50',
          value: filtering.keystroke.p50,
          unit: 'ms',
        },
        {
          id: 'frontend.filter-keystroke-p99',
          label: 'Board filter over 2,000 cards: keystroke → next frame, p99',
          value: filtering.keystroke.p99,
          unit: 'ms',
        },
        {
          id: 'frontend.filter-settled',
          label: `Board filter: last key → board follows (after a ${TYPING_PAUSE_MS} ms typing pause), p50`,
          value: filtering.settled.p50,
          unit: 'ms',
        },
      ],
      details: {
        filterKeystrokeMs: filtering.keystroke,
        filterSettledMs: filtering.settled,
        renders,
        renderMs: render,
        lanesRenders: lanes.renders,
        lanesRenderMs: lanes.render,
        tableRenders: table.renders,
        tableRenderMs: table.render,
        tableSortMs: table.sort,
        moveShowsMs: arrival.shown,
        pageLongTasksBeforeShownMs: arrival.longTasksBeforeShown,
      },
    };
  } finally {
    await browser.close();
  }
}

/** @param {string} note @param {object} [details] */
function skipped(note, details = {}) {
  return {
    name: 'browser',
    figures: [
      {
        id: 'frontend.board-render',
        label: '2,000-card board rendered in Chromium',
        value: null,
        unit: 'ms',
        note,
      },
      {
        id: 'frontend.board-render-lanes',
        label: `2,000 cards in ${LANES} lanes rendered in Chromium`,
        value: null,
        unit: 'ms',
        note,
      },
      {
        id: 'frontend.move-shows',
        label: 'Move through the API → shown in a second browser',
        value: null,
        unit: 'ms',
        note,
      },
    ],
    details: { skipped: note, ...details },
  };
}

/**
 * Opens the board (the seeded one unless `boardId` names another of the same lists and cards) in a
 * fresh context signed in as `person`; answers when it is rendered.
 * @param {import('../lib/context.mjs').Context} ctx
 * @param {import('playwright-core').Browser} browser
 * @param {import('../lib/seed.mjs').Person} [person]
 */
async function openBoard(
  ctx,
  browser,
  person = ctx.board.owner,
  traced = false,
  boardId = ctx.board.boardId,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (traced) await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute'] });
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(signInAndWatch, {
    token: person.token,
    userInfo: JSON.stringify(person.login),
    firstList: listTitle(1),
    lastList: listTitle(ctx.board.lists.length),
    expectedCards: ctx.size.cards,
  });
  await page.goto(`${ctx.server.url}/board/${boardId}`, { waitUntil: 'commit' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    await sleep(100);
    const w = await page.evaluate(readWatch);
    const mark = w.marks[0];
    const quiet = w.listsAt >= 0 && w.cards !== 0 && w.now - w.lastChange > QUIET_MS;
    const result = mark
      ? { ms: mark.startTime, method: `mark ${mark.name}` }
      : w.cardsAt >= 0
        ? { ms: w.cardsAt, method: `${ctx.size.cards} card elements` }
        : quiet
          ? { ms: w.lastChange, method: 'DOM quiet after the lists showed' }
          : null;
    const seen = { listsAt: w.listsAt, boardRead: w.boardRead, cardsInDom: w.cards, errors };
    if (result && traced && ctx.profileDir)
      writeFileSync(join(ctx.profileDir, `browser-render-${Date.now()}.json`), await browser.stopTracing());
    if (result) return { context, page, pending: false, ...result, ...seen };
    // Nothing of the board after 15 s: no board screen at this route (yet).
    if (Date.now() > deadline || (w.listsAt < 0 && Date.now() > deadline - 15_000)) {
      await context.close();
      return { context, page, pending: true, ms: NaN, method: 'none', ...seen };
    }
  }
}

/**
 * @param {import('../lib/context.mjs').Context} ctx @param {import('playwright-core').Browser} browser
 * @param {boolean} traced @param {string} [boardId]
 */
async function renderOnce(ctx, browser, traced, boardId = ctx.board.boardId) {
  const r = await openBoard(ctx, browser, ctx.board.owner, traced, boardId);
  if (!r.pending) await r.context.close();
  return {
    pending: r.pending,
    ms: round(r.ms, 1),
    method: r.method,
    boardReadMs: r.boardRead && {
      asked: round(r.boardRead.asked, 1),
      firstByte: round(r.boardRead.firstByte, 1),
      arrived: round(r.boardRead.arrived, 1),
    },
    listTitlesShownMs: round(r.listsAt, 1),
    cardsInDom: r.cardsInDom,
    errors: r.errors,
  };
}

/**
 * The seeded board's 2,000 cards in {@link LANES} swimlanes (issue 34): the board is exported as a
 * Papan file, its cards spread over the lanes in turn, and imported as a new board — the seeded
 * one stays as it is — which is then rendered like the seeded board (a warm-up, then the samples)
 * and deleted.
 * @param {import('../lib/context.mjs').Context} ctx
 * @param {import('playwright-core').Browser} browser
 */
async function renderLanes(ctx, browser) {
  const { board, server } = ctx;
  const token = board.owner.token;
  const http = new HttpClient(server.url, 2);
  const exported = await http.json('GET', `/api/boards/${board.boardId}/export?format=json`, { token });
  exported.lanes = Array.from({ length: LANES }, (_, i) => ({ id: `lane-${i + 1}`, title: `Lane ${i + 1}` }));
  let n = 0;
  for (const list of exported.lists) {
    // The seeded 2,000 only: the move measurement adds a card of its own.
    list.cards = list.cards.filter((/** @type {any} */ card) => !card.title.startsWith(MOVER));
    for (const card of list.cards) card.lane = `lane-${(n++ % LANES) + 1}`;
  }
  const bytes = Buffer.from(JSON.stringify(exported));
  const made = await postFile(server.url, '/api/boards/import', token, {
    name: 'lanes.json',
    type: 'application/json',
    bytes,
  });
  try {
    const read = await http.json('GET', `/api/boards/${made._id}?view=compact`, { token });
    const inLanes = read.lists
      .flatMap((/** @type {any} */ l) => l.cards)
      .filter((/** @type {any} */ c) => c.laneId);
    if (read.lanes.length !== LANES || inLanes.length !== ctx.size.cards)
      throw new Error(`the lanes board has ${read.lanes.length} lanes and ${inLanes.length} cards in them`);
    const renders = [];
    for (let i = 0; i < ctx.size.renderWarmups + ctx.size.renders; i++) {
      const r = await renderOnce(ctx, browser, false, made._id);
      if (r.pending) throw new Error('the board with lanes did not render');
      if (i >= ctx.size.renderWarmups) renders.push(r);
    }
    return { renders, render: summarize(renders.map((r) => r.ms)) };
  } finally {
    await http.request('DELETE', `/api/boards/${made._id}/permanent`, { token });
    http.close();
  }
}

/**
 * The table view (issue 38; docs/fields.md, "Views") of the seeded 2,000 cards with a number field
 * set on each: the board is exported as a Papan file with the field and its values added, imported
 * as a new board (the seeded one stays as it is), opened at /board/{id}/table (a warm-up, then the
 * samples: navigation → the frame with the whole table's rows drawn), sorted by the field both ways
 * (click → next frame), and deleted.
 * @param {import('../lib/context.mjs').Context} ctx
 * @param {import('playwright-core').Browser} browser
 */
async function tableView(ctx, browser) {
  const { board, server } = ctx;
  const token = board.owner.token;
  const http = new HttpClient(server.url, 2);
  const exported = await http.json('GET', `/api/boards/${board.boardId}/export?format=json`, { token });
  exported.fields = [{ id: 'points', name: 'Points', type: 'number', options: [], showOnCard: true }];
  let n = 0;
  for (const list of exported.lists) {
    list.cards = list.cards.filter((/** @type {any} */ card) => !card.title.startsWith(MOVER));
    for (const card of list.cards) card.fields = { points: (n++ * 7919) % 1000 };
  }
  const made = await postFile(server.url, '/api/boards/import', token, {
    name: 'table.json',
    type: 'application/json',
    bytes: Buffer.from(JSON.stringify(exported)),
  });
  try {
    const renders = [];
    const sorts = [];
    for (let i = 0; i < ctx.size.renderWarmups + ctx.size.renders; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // With `--profile`, a Chromium trace of the last sample's load (bench/trace-summary.mjs).
      const traced = Boolean(ctx.profileDir) && i === ctx.size.renderWarmups + ctx.size.renders - 1;
      try {
        const page = await context.newPage();
        // …and a CPU profile of its JavaScript (bench/top-functions.mjs).
        const cdp = traced ? await context.newCDPSession(page) : null;
        if (cdp) {
          await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute'] });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.start');
        }
        await page.addInitScript(signInAndWatch, {
          token: board.owner.token,
          userInfo: JSON.stringify(board.owner.login),
          firstList: listTitle(1),
          lastList: listTitle(board.lists.length),
          expectedCards: ctx.size.cards,
        });
        await page.addInitScript(watchTable, { rows: ctx.size.cards });
        await page.goto(`${server.url}/board/${made._id}/table`, { waitUntil: 'commit' });
        const deadline = Date.now() + 30_000;
        let at = -1;
        while (at < 0 && Date.now() < deadline) {
          await sleep(100);
          at = await page.evaluate(readTableWatch);
        }
        if (at < 0) throw new Error('the table view did not render');
        if (cdp && ctx.profileDir) {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(
            join(ctx.profileDir, `browser-table-${Date.now()}.cpuprofile`),
            JSON.stringify(profile),
          );
          writeFileSync(
            join(ctx.profileDir, `browser-table-${Date.now()}.json`),
            await browser.stopTracing(),
          );
        }
        if (i < ctx.size.renderWarmups) continue;
        renders.push(round(at, 1));
        for (let sample = 0; sample < 4; sample++) {
          const sorted = await page.evaluate(sortTableBy, { column: 'Points' });
          if (sorted.sort !== (sample % 2 ? 'descending' : 'ascending'))
            throw new Error(`the table was not sorted: ${JSON.stringify(sorted)}`);
          sorts.push(sorted.ms);
        }
      } finally {
        await context.close();
      }
    }
    return { renders, render: summarize(renders), sort: summarize(sorts) };
  } finally {
    await http.request('DELETE', `/api/boards/${made._id}/permanent`, { token });
    http.close();
  }
}

/**
 * Types into the board filter, one key at a time, the words of a seeded title and deletes them
 * again: each keystroke is timed from its keydown to the frame after it (the filtered board
 * drawn), as a person typing sees it.
 * @param {import('../lib/context.mjs').Context} ctx
 * @param {import('playwright-core').Browser} browser
 */
async function filterKeystrokes(ctx, browser) {
  const r = await openBoard(ctx, browser);
  if (r.pending) throw new Error('the board did not render for the filter');
  try {
    const field = r.page.locator('#board-filter');
    await field.focus();
    await r.page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__keys = [];
      document
        .getElementById('board-filter')
        ?.addEventListener('keydown', () => w.__keys.push(performance.now()));
    });
    // With `--profile`, the page's JavaScript during the keystrokes, for `bench/top-functions.mjs`.
    const cdp = ctx.profileDir ? await r.context.newCDPSession(r.page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const times = [];
    /** From the last key of the words (or of deleting them) to the frame with the board following. */
    const settled = [];
    const words = 'safari fix';
    for (let round = 0; round < 3; round++) {
      for (const key of [...words, ...Array(words.length).fill('Backspace')]) {
        await r.page.keyboard.press(key);
        times.push(
          await r.page.evaluate(
            () =>
              new Promise((resolve) =>
                requestAnimationFrame(() =>
                  setTimeout(() => resolve(performance.now() - /** @type {any} */ (window).__keys.at(-1)), 0),
                ),
              ),
          ),
        );
        // The board follows once typing pauses: after the words, and after deleting them.
        if (times.length % words.length === 0)
          settled.push(await boardFiltered(r.page, times.length % (2 * words.length) ? words : null));
      }
    }
    if (cdp && ctx.profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(join(ctx.profileDir, `browser-filter-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    }
    return { keystroke: summarize(times), settled: summarize(settled) };
  } finally {
    await r.context.close();
  }
}

/**
 * Waits for the frame in which the board shows the filter `q` (the address holds it and the match
 * count is on screen), or with `null` no filter (neither); answers the time since the last keydown.
 * @param {import('playwright-core').Page} page @param {string | null} q
 */
function boardFiltered(page, q) {
  return page.evaluate(
    (q) =>
      new Promise((resolve) => {
        const check = () =>
          new URLSearchParams(location.search).get('q') === q &&
          !!document.querySelector('[role="search"] [role="status"]') === (q !== null)
            ? resolve(performance.now() - /** @type {any} */ (window).__keys.at(-1))
            : requestAnimationFrame(check);
        check();
      }),
    q,
  );
}

/**
 * Two browsers on the board (owner and a member); a card is moved through the API between the first
 * two lists, at the top, and the member's page is watched until it shows the card in its new list.
 * @param {import('../lib/context.mjs').Context} ctx
 * @param {import('playwright-core').Browser} browser
 */
async function moveShows(ctx, browser) {
  const { board } = ctx;
  const http = new HttpClient(ctx.server.url, 2);
  const token = board.owner.token;
  const [first, second] = board.lists;
  const title = `${MOVER} ${Date.now()}`;
  const card = await http.json('POST', `/api/lists/${first._id}/cards`, { token, body: { title } });
  let from = first;
  let to = second;
  const move = async (/** @type {number} */ newPosition) => {
    const body = { type: 'card', cardId: card._id, sourceListId: from._id, destListId: to._id, newPosition };
    await http.json('PUT', `/api/boards/${board.boardId}/dnd`, { token, body });
    [from, to] = [to, from];
  };
  // To the top of the second list, then back to the top of the first: visible without scrolling.
  await move(0);
  await move(0);
  const [owner, viewer] = await Promise.all([
    openBoard(ctx, browser, board.owner),
    openBoard(ctx, browser, board.viewer),
  ]);
  if (viewer.pending) throw new Error('the board did not render in the second browser');
  try {
    await viewer.page.evaluate(logLongTasks);
    const times = [];
    // The page's main thread between the move and the card showing: where the time goes.
    const busy = [];
    for (let i = 0; i < ctx.size.browserMoves + 1; i++) {
      await viewer.page.evaluate(watchCardArrival, { title, dest: to.title, src: from.title });
      await viewer.page.evaluate(takeLongTasks);
      const t0 = performance.timeOrigin + performance.now();
      await move(0);
      const seenAt = /** @type {number} */ (await viewer.page.evaluate(cardArrived));
      if (seenAt < 0) throw new Error('the moved card did not show in the second browser within 10 s');
      const tasks = await viewer.page.evaluate(takeLongTasks);
      if (i > 0) {
        times.push(seenAt - t0);
        busy.push(tasks.filter(([start]) => start < seenAt).reduce((ms, [, duration]) => ms + duration, 0));
      }
      await sleep(300);
    }
    return { shown: summarize(times), longTasksBeforeShown: summarize(busy) };
  } finally {
    http.close();
    await owner.context.close();
    await viewer.context.close();
  }
}
