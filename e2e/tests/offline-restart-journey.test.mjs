// @ts-check
// The server killed while a browser drains its outbox (docs/product.md, "Offline"; issue 37): a
// person writes eight comments on a card offline; back online, the outbox sends them one
// at a time (each slowed here so the drain takes seconds); the server is killed with SIGKILL after
// the third has landed and started again on the same DATA_DIR. The outbox sends the rest again with
// the same Idempotency-Keys: afterwards the server holds every change once, in order — nothing
// lost, nothing doubled. Its own server, on the embedded database, since this one is killed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desktopUserAgent, VIEWPORT } from '../support/app.mjs';
import { launchBrowser, uniqueEmail } from '../support/browser.mjs';
import { freePort, waitForHealth } from '../support/server.mjs';
import { SERVER_NODE_OPTIONS } from '../../scripts/lib/server-node-options.mjs';
import { eventually } from '../support/eventually.mjs';

const root = join(import.meta.dirname, '..', '..');
const COMMENTS = Array.from({ length: 8 }, (_, i) => `Note ${i + 1} from the tunnel`);

describe('the server killed while the outbox drains', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('node:child_process').ChildProcess | null} */
  let server = null;
  let baseUrl = '';
  let port = 0;
  let token = '';
  let boardId = '';
  /** @type {Record<string, string>} */
  const ids = {};
  const dataDir = mkdtempSync(join(tmpdir(), 'papan-e2e-restart-'));

  async function startServer() {
    server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'backend/dist/main.js'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_ORIGIN: baseUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(`${baseUrl}/api/health`);
  }

  /** @param {string} method @param {string} path @param {unknown} [body] */
  async function api(method, path, body) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} ${path}: ${response.status}`);
    return response.json();
  }

  before(async () => {
    port = await freePort();
    baseUrl = `http://localhost:${port}`;
    await startServer();
    browser = await launchBrowser();
    const account = { name: 'Rina Restart', email: uniqueEmail('rina'), password: 'correct horse battery' };
    const post = (/** @type {string} */ path, /** @type {unknown} */ body) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    assert.equal((await post('/api/auth/register', account)).status, 201);
    token = (await (await post('/api/auth/login', account)).json()).token;
    boardId = (await api('POST', '/api/boards', { title: 'Tunnel' }))._id;
    for (const title of ['To do', 'Done'])
      ids[title] = (await api('POST', `/api/boards/${boardId}/lists`, { title }))._id;
    for (const title of ['Alpha'])
      ids[title] = (await api('POST', `/api/lists/${ids['To do']}/cards`, { title }))._id;
  });

  after(async () => {
    await browser?.close();
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and doubles nothing when the server restarts in the middle of the drain', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      userAgent: desktopUserAgent(browser),
      storageState: {
        cookies: [],
        origins: [
          {
            origin: baseUrl,
            localStorage: [
              { name: 'token', value: token },
              { name: 'theme', value: 'light' },
              { name: 'i18nextLng', value: 'en' },
            ],
          },
        ],
      },
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/board/${boardId}`);
    await page.getByRole('button', { name: 'Move card Alpha' }).waitFor();
    const before = (await api('GET', `/api/boards/${boardId}?view=compact`)).version;

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Alpha', exact: true }).first().click();
    const box = page.getByRole('textbox', { name: 'Comment' });
    for (const text of COMMENTS) {
      await box.fill(text);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('[data-waiting-comment]', { hasText: text }).waitFor();
    }
    await page.keyboard.press('Escape');
    const status = page.locator('[data-outbox-status]');
    await status.getByText(`Offline — ${COMMENTS.length} changes waiting`).waitFor();

    // From here each change the outbox sends waits 300 ms on its way, so the drain lasts seconds.
    await context.route(
      (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/health',
      async (route) => {
        if (route.request().method() !== 'GET') await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue().catch(() => undefined);
      },
    );
    await context.setOffline(false);
    // Killed once three comments have landed: the fourth is on its way or about to be.
    let landed = 0;
    await eventually(async () => {
      landed = (await api('GET', `/api/cards/${ids.Alpha}/comments`)).length;
      assert.ok(landed >= 3);
    }, 20_000);
    server?.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    console.log(`killed with ${landed} of ${COMMENTS.length} comments on the server`);
    assert.ok(landed < COMMENTS.length, 'the kill came before the drain ended');
    await startServer();

    await eventually(async () => {
      const comments = await api('GET', `/api/cards/${ids.Alpha}/comments`);
      assert.equal(comments.length, COMMENTS.length);
    }, 30_000);
    await status.getByText(/Offline|Syncing/).waitFor({ state: 'detached', timeout: 30_000 });

    // Every comment once, in the order written: the board's log after going offline.
    const log = await api('GET', `/api/boards/${boardId}/events?after=${before}`);
    const created = log.events
      .filter((/** @type {{type: string}} */ event) => event.type === 'comment.created')
      .map((/** @type {{payload: {text: string}}} */ event) => event.payload.text);
    assert.deepEqual(created, COMMENTS);
    const comments = await api('GET', `/api/cards/${ids.Alpha}/comments`);
    assert.deepEqual(comments.map((/** @type {{text: string}} */ c) => c.text).sort(), [...COMMENTS].sort());
    await context.close();
  });
});
