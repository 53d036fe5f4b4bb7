// @ts-check
// Code that runs inside the page (serialised by Playwright): it must not use anything from outside.
/* global window, document, HTMLElement, MutationObserver, requestAnimationFrame, XPathResult */

/**
 * Installed before the app's scripts: signs in the way the app does (localStorage `token` and
 * `userInfo`: docs/product.md, "Entities") and watches the DOM every frame until the board is on
 * screen.
 * @param {{ token: string, userInfo: string, firstList: string, lastList: string, expectedCards: number }} args
 */
export function signInAndWatch(args) {
  localStorage.setItem('token', args.token);
  localStorage.setItem('userInfo', args.userInfo);
  const cardSelector = '[data-testid="board-card"], [data-card-id]';
  const w = { cardsAt: -1, listsAt: -1, lastChange: 0, cards: 0 };
  Object.assign(window, { __benchRender: w });
  let dirty = false;
  new MutationObserver(() => (dirty = true)).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  /** @param {number} t */
  const frame = (t) => {
    if (dirty) {
      dirty = false;
      w.lastChange = t;
      w.cards = document.querySelectorAll(cardSelector).length;
      if (w.cardsAt < 0 && w.cards >= args.expectedCards) w.cardsAt = t;
      const text = document.body?.textContent ?? '';
      if (w.listsAt < 0 && text.includes(args.firstList) && text.includes(args.lastList)) w.listsAt = t;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The state of the watcher, the time now and any 'board rendered' mark the app sets. */
export function readWatch() {
  const marks = performance
    .getEntriesByType('mark')
    .filter((m) => /board.*render|render.*board/i.test(m.name))
    .map((m) => ({ name: m.name, startTime: m.startTime }));
  // When the whole-board answer had arrived: the rest of the render time is the page's.
  const entry = performance
    .getEntriesByType('resource')
    .find((e) => /\/api\/boards\/[0-9a-f-]{36}$/.test(e.name));
  const timing = /** @type {PerformanceResourceTiming | undefined} */ (entry);
  const boardTiming = timing
    ? { asked: timing.startTime, firstByte: timing.responseStart, arrived: timing.responseEnd }
    : null;
  return { ...Reflect.get(window, '__benchRender'), now: performance.now(), marks, boardRead: boardTiming };
}

/**
 * Resolves (wall-clock ms) once the card titled `title` sits in the list titled `dest`: the card's
 * nearest ancestor that names a list names `dest`, not `src`. Needs no test ids, only visible titles.
 * @param {{ title: string, dest: string, src: string }} args
 */
export function watchCardArrival(args) {
  const inDest = () => {
    const hit = document.evaluate(
      `//*[normalize-space(text())="${args.title}"]`,
      document,
      null,
      XPathResult.FIRST_ORDERED_NODE_TYPE,
      null,
    ).singleNodeValue;
    for (let n = hit; n; n = n.parentElement) {
      const text = n.textContent ?? '';
      if (text.includes(args.src)) return false;
      if (text.includes(args.dest)) return true;
    }
    return false;
  };
  const arrived = new Promise((resolve) => {
    const done = () => resolve(performance.timeOrigin + performance.now());
    if (inDest()) return done();
    const observer = new MutationObserver(() => {
      if (!inDest()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  Object.assign(window, { __benchArrived: arrived });
}

/** The arrival time, or -1 when the card has not shown within 10 s. */
export function cardArrived() {
  const timeout = new Promise((resolve) => setTimeout(() => resolve(-1), 10_000));
  return Promise.race([Reflect.get(window, '__benchArrived'), timeout]);
}

/** Starts keeping the page's long tasks (main thread busy ≥ 50 ms), wall-clock start and duration. */
export function logLongTasks() {
  /** @type {[number, number][]} */
  const tasks = [];
  Object.assign(window, { __benchLongTasks: tasks });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([performance.timeOrigin + e.startTime, e.duration]);
  }).observe({ type: 'longtask' });
}

/** The long tasks logged since the last call. @returns {[number, number][]} */
export function takeLongTasks() {
  return Reflect.get(window, '__benchLongTasks').splice(0);
}

/**
 * Installed before the app's scripts with {@link signInAndWatch}: notes the first frame in which
 * the table view (docs/fields.md, "Views") holds all `rows` cards (its `aria-rowcount` counts the
 * header too) and has drawn rows of them (virtualised: only those in view are in the DOM).
 * @param {{ rows: number }} args
 */
export function watchTable(args) {
  const w = { tableAt: -1 };
  Object.assign(window, { __benchTable: w });
  /** @param {number} t */
  const frame = (t) => {
    const grid = document.querySelector('[role="grid"]');
    if (
      grid?.getAttribute('aria-rowcount') === String(args.rows + 1) &&
      grid.querySelector('[data-card-row]')
    ) {
      w.tableAt = t;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** When the table was first drawn whole (-1: not yet). */
export function readTableWatch() {
  return /** @type {{ tableAt: number }} */ (Reflect.get(window, '__benchTable')).tableAt;
}

/**
 * Clicks the column header named `column` and answers the time from the click to the frame after
 * the table drew the new order, with the first row's card id.
 * @param {{ column: string }} args
 */
export function sortTableBy(args) {
  const header = [...document.querySelectorAll('[role="columnheader"]')].find(
    (h) => h.textContent?.trim() === args.column,
  );
  if (!(header instanceof HTMLElement)) throw new Error(`no column ${args.column}`);
  const t0 = performance.now();
  header.click();
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      setTimeout(
        () =>
          resolve({
            ms: performance.now() - t0,
            sort: header.getAttribute('aria-sort'),
            first: document.querySelector('[aria-rowindex="2"]')?.getAttribute('data-card-row') ?? null,
          }),
        0,
      ),
    ),
  );
}
