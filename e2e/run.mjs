// @ts-check
// End-to-end runner: builds the app, starts it on a free port with a throw-away DATA_DIR and a
// real SMTP server for its mail, runs every journey in e2e/tests against it in Debian's Chromium,
// and stops both.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './support/browser.mjs';
import { startMailServer } from './support/mail-server.mjs';
import { SERVER_NODE_OPTIONS } from '../scripts/lib/server-node-options.mjs';
import { freePort, waitForHealth } from './support/server.mjs';

const root = join(import.meta.dirname, '..');

if (!findChromium()) {
  const line =
    'END-TO-END TESTS NEED CHROMIUM (/usr/bin/chromium): install it with `apt-get install -y chromium`';
  if (process.env.CI) {
    console.error(`FAIL: ${line}`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(line.length)}\nSKIPPED: ${line}\n${'!'.repeat(line.length)}\n`);
  process.exit(0);
}

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** The administrator every journey's server starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
const ADMIN = {
  ADMIN_EMAIL: 'admin@papan.test',
  ADMIN_PASSWORD: 'admin-password-e2e',
  ADMIN_NAME: 'Ada Admin',
};
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'papan-e2e-'));
// Every message the app sends lands here, one file each (support/mailbox.mjs reads them).
const mailDir = mkdtempSync(join(tmpdir(), 'papan-e2e-mail-'));
const mailServer = await startMailServer(mailDir);
const baseUrl = `http://localhost:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'backend/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_ORIGIN: baseUrl,
    // With SMTP, REQUIRE_VERIFIED_EMAIL is on (docs/operations.md, "Configuration"), as in a real
    // install with mail.
    SMTP_URL: `smtp://127.0.0.1:${mailServer.port}`,
    ...ADMIN,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let code = 1;
try {
  await waitForHealth(`${baseUrl}/api/health`);
  const files = readdirSync(join(import.meta.dirname, 'tests'))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => join('e2e', 'tests', f));
  const only = process.argv.slice(2);
  const env = {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_ADMIN_EMAIL: ADMIN.ADMIN_EMAIL,
    E2E_ADMIN_PASSWORD: ADMIN.ADMIN_PASSWORD,
    E2E_MAIL_DIR: mailDir,
  };
  // One journey at a time, each in its own process; one that fails is run once more, and the
  // run names it FLAKY when the second try passes (docs/decisions.md: "A failed journey runs twice").
  const failed = [];
  const flaky = [];
  for (const file of only.length ? only : files) {
    if ((await runJourney(file, env)) === 0) continue;
    console.error(`\n== ${file} failed; running it once more ==\n`);
    if ((await runJourney(file, env)) === 0) flaky.push(file);
    else failed.push(file);
  }
  for (const file of flaky) console.error(`FLAKY: ${file} failed once and passed on its second run`);
  for (const file of failed) console.error(`FAILED: ${file} failed twice`);
  code = failed.length ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await mailServer.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
}
process.exit(code);

/**
 * Runs one journey file with node's test runner. Not spawnSync: the mail server lives in this
 * process and must keep answering meanwhile.
 * @param {string} file @param {NodeJS.ProcessEnv} env @returns {Promise<number>}
 */
function runJourney(file, env) {
  const run = spawn(process.execPath, ['--test', file], { cwd: root, env, stdio: 'inherit' });
  return new Promise((resolve) => run.once('exit', (status) => resolve(status ?? 1)));
}
