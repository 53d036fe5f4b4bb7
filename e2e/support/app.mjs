// @ts-check
/* global document -- page.evaluate callbacks run in the browser */
// Helpers for journeys through the signed-in app: accounts made over the API (fast, no screens),
// browser contexts that start signed in with a theme and a language, and a few shared gestures.
import assert from 'node:assert/strict';
import { BASE_URL, uniqueEmail } from './browser.mjs';
import { verifyByMail } from './mailbox.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ name: string, email: string, password: string }} Account */

export const VIEWPORT = { width: 1280, height: 800 };

/** @param {string} path @param {unknown} body @param {Record<string, string>} [headers] */
async function postJson(path, body, headers = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  assert.ok(response.ok, `POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * One call to the app's API as a signed-in user; fails the test on an error answer.
 * @param {string} token @param {string} method @param {string} path @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
export async function callApi(token, method, path, body, headers = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A new local account, registered over the API; the e-mail is made from the name and is unique.
 * Its address is verified from the registration's mail, as most accounts are (invitations wait for
 * a verified address: docs/api.md, "Members"), unless `verified` is false.
 * @returns {Promise<Account & { _id: string }>}
 */
export async function registerAccount(
  name = 'Siti Rahma',
  password = 'secret-password',
  email = uniqueEmail(name.toLowerCase().replace(/[^a-z]+/g, '.')),
  { verified = true } = {},
) {
  const account = { name, email, password };
  const answer = await postJson('/api/auth/register', account);
  if (verified) await verifyByMail(email);
  return { ...account, _id: answer.user._id };
}

/**
 * Logs in over the API (opens a login session) and returns its token.
 * @param {Account} account @param {string} [userAgent] the device the login session records
 */
export async function loginToken(account, userAgent) {
  const answer = await postJson(
    '/api/auth/login',
    { email: account.email, password: account.password },
    userAgent ? { 'user-agent': userAgent } : {},
  );
  return /** @type {string} */ (answer.token);
}

/**
 * A browser context whose local storage already holds the session token, the theme and the language
 * (docs/product.md, "States and transitions"), so the first page shows the signed-in app as chosen.
 * @param {Browser} browser
 * @param {{ token?: string, theme?: 'light' | 'dark', language?: 'en' | 'id' }} [options]
 */
export async function newAppContext(browser, { token, theme = 'dark', language = 'en' } = {}) {
  const localStorage = [
    { name: 'theme', value: theme },
    { name: 'i18nextLng', value: language },
    ...(token ? [{ name: 'token', value: token }] : []),
  ];
  const { hostname } = new URL(BASE_URL);
  const context = await browser.newContext({
    viewport: VIEWPORT,
    // Chromium without "Headless" in its name, as a person's browser would call itself.
    userAgent: desktopUserAgent(browser),
    // A fixed clock zone and locale keep dates and screenshots the same on every machine.
    timezoneId: 'Asia/Jakarta',
    locale: language === 'id' ? 'id-ID' : 'en-US',
    storageState: {
      cookies: [
        {
          name: 'i18next',
          value: language,
          domain: hostname,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [{ origin: BASE_URL, localStorage }],
    },
  });
  // Only the app's own server answers: no external avatar service, the same pictures everywhere.
  await context.route(
    (url) => url.origin !== new URL(BASE_URL).origin,
    (route) => route.abort(),
  );
  return context;
}

/** The user agent of a desktop Chrome of the same version as the test browser. @param {Browser} browser */
export function desktopUserAgent(browser) {
  const version = browser.version().split(' ')[0];
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
}

/** @param {import('playwright-core').ConsoleMessage} message */
function isExternalLoadFailure(message) {
  const { url } = message.location();
  return message.text().startsWith('Failed to load resource') && !!url && !url.startsWith(BASE_URL);
}

/**
 * Collects uncaught page errors and console errors, to assert none happened.
 * @param {Page} page
 * @param {RegExp[]} [expected] console errors the journey causes on purpose (e.g. a refused login)
 */
export function watchErrors(page, expected = []) {
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' || isExternalLoadFailure(message)) return;
    if (!expected.some((pattern) => pattern.test(text))) errors.push(text);
  });
  return errors;
}

/** Fills the login form and submits it. @param {Page} page @param {Account} account */
export async function submitLogin(page, account) {
  // The address changes before the login screen replaces the previous one (it loads lazily).
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in on /login and waits for the home dashboard. @param {Page} page @param {Account} account */
export async function logIn(page, account) {
  await page.goto(`${BASE_URL}/login`);
  await submitLogin(page, account);
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByRole('heading', { name: `Welcome, ${account.name}!` }).waitFor();
}

/** Opens the account menu in the top bar and returns it. @param {Page} page */
export async function openAccountMenu(page, label = 'Account menu') {
  await page.getByRole('button', { name: label }).click();
  const menu = page.getByRole('menu', { name: label });
  await menu.waitFor();
  return menu;
}

/** Logs out through the account menu, which returns to the landing page. @param {Page} page */
export async function logOut(page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
}

/**
 * A PNG drawn by the browser's canvas: coloured bands and a white disc, so a crop of it is
 * visibly different from the initials avatar.
 * @param {Page} page
 * @returns {Promise<Buffer>}
 */
export async function drawPng(page, width = 300, height = 400) {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      ['#4f46e5', '#0ea5e9', '#f59e0b', '#10b981'].forEach((color, index) => {
        context.fillStyle = color;
        context.fillRect((index * w) / 4, 0, w / 4, h);
      });
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(w / 2, h / 2, Math.min(w, h) / 5, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}
