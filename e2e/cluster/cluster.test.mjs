// @ts-check
// Two people on two instances behind nginx (run by e2e/cluster-run.mjs, not by e2e/run.mjs):
// their sockets land on different instances, each sees the other's changes within 2 s, one
// instance is killed and its people are back and current within 10 s, and nothing is lost.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginToken, newAppContext, registerAccount } from '../support/app.mjs';
import { BASE_URL, launchBrowser } from '../support/browser.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ token: string, route: string, page: Page, sockets: { id: string, at: number }[] }} Person */

/** @type {{ instances: { id: string, pid: number }[] }} */
const cluster = JSON.parse(process.env.E2E_CLUSTER ?? '{"instances":[]}');
const LIVE_MS = 2_000;
const RECOVERY_MS = 10_000;

/**
 * nginx picks the instance from a hash of the client address (X-Forwarded-For when a proxy in
 * front sends one): find one address per instance, read back from X-Papan-Instance.
 * @returns {Promise<Map<string, string>>} instance id → address
 */
async function addressPerInstance() {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (let i = 1; i <= 64 && found.size < 2; i++) {
    const address = `198.51.100.${i}`;
    const res = await fetch(`${BASE_URL}/api/health`, { headers: { 'X-Forwarded-For': address } });
    const id = res.headers.get('x-papan-instance');
    if (id && !found.has(id)) found.set(id, address);
  }
  return found;
}

/**
 * A call through nginx as `person` (from their address, so to their instance while it lives).
 * @param {{ token: string, route: string }} person @param {string} method @param {string} path @param {unknown} [body]
 */
async function api(person, method, path, body) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${person.token}`,
      'X-Forwarded-For': person.route,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json().catch(() => null);
  assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** @param {Page} page @param {string} text @param {number} timeout */
async function sees(page, text, timeout) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout });
}

describe('two instances behind nginx', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('carries changes between instances live and survives losing one of them', async () => {
    assert.equal(cluster.instances.length, 2, 'E2E_CLUSTER lists the two instances');
    const routes = await addressPerInstance();
    assert.equal(routes.size, 2, 'nginx spreads clients over both instances');
    const [[firstId, firstRoute], [secondId, secondRoute]] = [...routes];

    const ana = { token: await loginToken(await registerAccount('Ana Wijaya')), route: firstRoute };
    const budi = { token: await loginToken(await registerAccount('Budi Santoso')), route: secondRoute };
    const board = await api(ana, 'POST', '/api/boards', { title: 'Across the cluster' });
    const list = await api(ana, 'POST', `/api/boards/${board._id}/lists`, { title: 'To do' });
    await api(budi, 'POST', `/api/boards/${board._id}/join`);

    /** @param {{ token: string, route: string }} who @returns {Promise<Person>} */
    const open = async (who) => {
      const context = await newAppContext(browser, { token: who.token });
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': who.route });
      const page = await context.newPage();
      /** @type {{ id: string, at: number }[]} */
      const sockets = [];
      // Every socket.io answer names the instance that served it (engine.io 'headers').
      page.on('response', (res) => {
        const id = res.headers()['x-papan-instance'];
        if (res.url().includes('/socket.io/') && id) sockets.push({ id, at: Date.now() });
      });
      await page.goto(`${BASE_URL}/board/${board._id}`);
      await sees(page, 'Across the cluster', 15_000);
      await sees(page, 'To do', 5_000);
      return { ...who, page, sockets };
    };
    const anaView = await open(ana);
    const budiView = await open(budi);
    await waitUntil(() => anaView.sockets.length > 0 && budiView.sockets.length > 0, RECOVERY_MS, 'sockets');
    assert.deepEqual(new Set(anaView.sockets.map((s) => s.id)), new Set([firstId]));
    assert.deepEqual(new Set(budiView.sockets.map((s) => s.id)), new Set([secondId]));

    const cardPath = `/api/lists/${list._id}/cards`;
    await api(ana, 'POST', cardPath, { title: 'Written by Ana' });
    await sees(budiView.page, 'Written by Ana', LIVE_MS);
    await api(budi, 'POST', cardPath, { title: 'Written by Budi' });
    await sees(anaView.page, 'Written by Budi', LIVE_MS);

    // Ana's instance dies without a goodbye.
    const victim = cluster.instances.find((i) => i.id === firstId);
    assert.ok(victim, `${firstId} is one of the cluster's instances`);
    const killedAt = Date.now();
    process.kill(victim.pid, 'SIGKILL');

    await api(budi, 'POST', cardPath, { title: 'While an instance was down' });
    await sees(anaView.page, 'While an instance was down', RECOVERY_MS);
    await waitUntil(
      () => anaView.sockets.some((s) => s.at > killedAt && s.id === secondId),
      RECOVERY_MS - (Date.now() - killedAt),
      `Ana's socket back on ${secondId}`,
    );
    await api(ana, 'POST', cardPath, { title: 'Ana after the failover' });
    await sees(budiView.page, 'Ana after the failover', LIVE_MS);
    await sees(anaView.page, 'Ana after the failover', LIVE_MS);

    const saved = await api(ana, 'GET', `/api/boards/${board._id}`);
    const titles = saved.lists.flatMap((/** @type {{ cards: { title: string }[] }} */ l) =>
      l.cards.map((c) => c.title),
    );
    assert.deepEqual(titles.toSorted(), [
      'Ana after the failover',
      'While an instance was down',
      'Written by Ana',
      'Written by Budi',
    ]);
  });
});

/** @param {() => boolean} condition @param {number} timeout @param {string} what */
async function waitUntil(condition, timeout, what) {
  const deadline = Date.now() + Math.max(timeout, 0);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
