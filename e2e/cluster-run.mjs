// @ts-check
// The through-nginx journey of e2e/cluster/: builds what is stale, starts two instances on the
// local PostgreSQL (a fresh database) and Redis behind nginx with scripts/cluster.mjs, runs the
// journey in Debian's Chromium, then stops everything and drops the database.
// `node e2e/cluster-run.mjs`; .ci/run calls it when PostgreSQL, Redis and nginx are there.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster } from '../scripts/cluster.mjs';
import { buildIfStale, ROOT } from '../scripts/lib/build-if-stale.mjs';
import { findChromium } from './support/browser.mjs';
import { startMailServer } from './support/mail-server.mjs';
import { freePort } from './support/server.mjs';

if (!findChromium()) {
  console.error('FAIL: the cluster journey needs Chromium (/usr/bin/chromium): apt-get install -y chromium');
  process.exit(1);
}
buildIfStale();

const server = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = withDatabase(server, `papan_cluster_e2e_${randomBytes(4).toString('hex')}`);
const dataDir = mkdtempSync(join(tmpdir(), 'papan-cluster-e2e-'));
// The instances send their mail to a real SMTP server in this process, as in production
// (docs/operations.md, "Mail").
const mailDir = mkdtempSync(join(tmpdir(), 'papan-cluster-e2e-mail-'));
const mailServer = await startMailServer(mailDir);
process.env.SMTP_URL = `smtp://127.0.0.1:${mailServer.port}`;
let code = 1;
/** @type {import('../scripts/cluster.mjs').Cluster | null} */
let cluster = null;
try {
  cluster = await startCluster({
    port: await freePort(),
    appPorts: [await freePort(), await freePort()],
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    dataDir,
    logLevel: 'warn',
  });
  console.log(`Cluster up behind nginx at ${cluster.url}`);
  // Not spawnSync: the mail server lives in this process and must keep answering meanwhile.
  const run = spawn(process.execPath, ['--test', '--test-concurrency=1', 'e2e/cluster/cluster.test.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      E2E_BASE_URL: cluster.url,
      E2E_MAIL_DIR: mailDir,
      E2E_CLUSTER: JSON.stringify({
        instances: cluster.instances.map((i) => ({ id: i.id, pid: i.child.pid, url: i.url })),
      }),
    },
    stdio: 'inherit',
  });
  code = await new Promise((resolve) => run.once('exit', (status) => resolve(status ?? 1)));
} catch (err) {
  console.error(`FAIL: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await cluster?.stop();
  await dropDatabase(databaseUrl).catch((err) => console.warn(`could not drop the test database: ${err}`));
  await mailServer.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
}
process.exit(code);

/** @param {string} url @param {string} name */
function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** @param {string} url */
async function dropDatabase(url) {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
  } finally {
    await client.end();
  }
}
