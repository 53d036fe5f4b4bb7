// @ts-check
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:5000';
export const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');

/** Debian's Chromium (test tools cannot download browsers here). */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

export async function launchBrowser() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Saves e2e/screenshots/<name>.png: the whole page, or with `fullPage: false` what the viewport shows.
 * @param {import('playwright-core').Page} page @param {string} name @param {{ fullPage?: boolean }} [options]
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter++;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}
