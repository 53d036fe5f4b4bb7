// @ts-check
// Reading the mail the app sent during a journey: the runner's SMTP server (mail-server.mjs)
// keeps every message as a JSON file in E2E_MAIL_DIR.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_URL } from './browser.mjs';

/** @typedef {import('./mail-server.mjs').ReceivedMail} ReceivedMail */

const MAIL_DIR = process.env.E2E_MAIL_DIR;

/** Every message received so far, oldest first. @returns {ReceivedMail[]} */
function allMail() {
  if (!MAIL_DIR) throw new Error('E2E_MAIL_DIR is not set: run the journeys with node e2e/run.mjs');
  return readdirSync(MAIL_DIR)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(MAIL_DIR, name), 'utf8')));
}

/**
 * Waits for the `nth` message (1 = the first) to `address` whose subject matches, and returns it.
 * @param {string} address
 * @param {{ subject?: RegExp, nth?: number, timeoutMs?: number }} [options]
 * @returns {Promise<ReceivedMail>}
 */
export async function waitForMail(address, { subject = /./, nth = 1, timeoutMs = 15_000 } = {}) {
  const wanted = address.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = allMail().filter((mail) => mail.to.includes(wanted) && subject.test(mail.subject));
    if (matching.length >= nth) return /** @type {ReceivedMail} */ (matching[nth - 1]);
    if (Date.now() > deadline) {
      const seen = allMail().map((mail) => `${mail.to.join(',')}: ${mail.subject}`);
      throw new Error(
        `no mail ${subject} to ${address} after ${timeoutMs} ms; received: ${seen.join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The app's link to `path` in a message (its text part), e.g. `/verify-email`.
 * @param {ReceivedMail} mail @param {string} path
 */
export function linkIn(mail, path) {
  const escaped = `${BASE_URL}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = mail.text.match(new RegExp(`${escaped}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${path} link in "${mail.subject}":\n${mail.text}`);
  return match[0];
}

/**
 * Proves an account's address as its owner would: opens (over the API) the link of the
 * verification message the registration sent.
 * @param {string} address
 */
export async function verifyByMail(address) {
  const mail = await waitForMail(address, { subject: /Verify your email address|Verifikasi alamat email/ });
  const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');
  const response = await fetch(`${BASE_URL}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new Error(`verifying ${address} answered ${response.status}`);
}
