// @ts-check
// Live dashboards in Chromium (docs/product.md, "Wallboard"; issue 18): a token created in Settings
// opens the wallboard of a board; a change made through the API shows on it within 2 s; revoking the
// token makes the wallboard say it lost access.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import { callApi, loginToken, newAppContext, registerAccount, watchErrors } from '../support/app.mjs';

/** docs/product.md, "Board screen": a change shows for another viewer within 2 s. */
const LIVE_MS = 2_000;

describe('a wallboard fed by an API token', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let token = '';
  let boardId = '';
  let listId = '';

  before(async () => {
    browser = await launchBrowser();
    const owner = await registerAccount('Wulan Wallboard');
    token = await loginToken(owner);
    boardId = (await callApi(token, 'POST', '/api/boards', { title: 'Office TV' }))._id;
    listId = (await callApi(token, 'POST', `/api/boards/${boardId}/lists`, { title: 'Doing' }))._id;
    await callApi(token, 'POST', `/api/lists/${listId}/cards`, { title: 'Already there' });
  });
  after(() => browser?.close());

  it('creates a read-only token in Settings, shows the board live with it, and loses access when it is revoked', async () => {
    const settings = await (await newAppContext(browser, { token, theme: 'light' })).newPage();
    await settings.goto(`${BASE_URL}/settings/tokens`);
    await settings.getByLabel('Name').fill('Office TV');
    await settings.getByRole('checkbox', { name: /boards:read/ }).check();
    await settings.getByRole('checkbox', { name: 'Office TV' }).check();
    await settings.getByRole('button', { name: 'Create token' }).click();
    const secret = (await settings.getByTestId('new-token-secret').textContent())?.trim() ?? '';
    assert.match(secret, /^papan_[\w-]{32,}$/);

    // The owner has the board open in the app: the wallboard names them among who is online.
    const boardPage = await settings.context().newPage();
    await boardPage.goto(`${BASE_URL}/board/${boardId}`);
    await boardPage.getByRole('heading', { level: 1, name: 'Office TV' }).waitFor();

    // A TV, signed in as nobody: the token is in the fragment, which the browser never sends.
    const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    const errors = watchErrors(tv, [/Failed to load resource/]);
    /** @type {string[]} */
    const addresses = [];
    tv.on('request', (request) => addresses.push(request.url()));
    await tv.goto(`${BASE_URL}/wallboard/${boardId}#token=${secret}`);
    const doing = tv.getByRole('region', { name: 'Doing' });
    await doing.getByText('Already there').waitFor();
    await tv.getByRole('status').getByText('Live').waitFor();
    // Read at once and every 10 s: the board page may join its room just after the first read.
    await tv
      .getByRole('region', { name: 'Online now' })
      .getByText('Wulan Wallboard')
      .waitFor({ timeout: 15_000 });

    await callApi(token, 'POST', `/api/lists/${listId}/cards`, { title: 'Shown on the TV' });
    await doing.getByText('Shown on the TV').waitFor({ timeout: LIVE_MS });
    await screenshot(tv, 'wallboard-dark', { fullPage: false });
    assert.equal(await tv.getByRole('button').count(), 0, 'nothing to edit on a wallboard');
    assert.deepEqual(
      addresses.filter((url) => url.includes(secret)),
      [],
      'the token never travels in an address',
    );

    // Revoked in Settings: the stream ends and the wallboard says it cannot show the board.
    await settings.getByRole('button', { name: 'Revoke the token Office TV' }).click();
    await tv.getByRole('heading', { name: 'This wallboard cannot be shown' }).waitFor({ timeout: 10_000 });
    assert.deepEqual(errors, []);
    await settings.context().close();
    await tv.context().close();
  });
});
