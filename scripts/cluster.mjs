// @ts-check
// `npm run cluster`: two Papan instances on the local PostgreSQL and Redis behind nginx, the way
// docker/compose.yml runs them (same environment names, same docker/nginx.conf). Ctrl-C or
// SIGTERM stops everything. e2e/cluster-run.mjs uses startCluster() to test through nginx.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildIfStale, ROOT } from './lib/build-if-stale.mjs';
import { SERVER_NODE_OPTIONS } from './lib/server-node-options.mjs';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;
const NGINX_TEMPLATE = join(ROOT, 'docker', 'nginx.conf');

/**
 * @typedef {{ id: string, port: number, url: string, child: import('node:child_process').ChildProcess }} Instance
 * @typedef {{ url: string, instances: Instance[], accessLog: string, stop: () => Promise<void> }} Cluster
 * @typedef {object} ClusterOptions
 * @property {number} [port] nginx's port
 * @property {number[]} [appPorts] one port per instance
 * @property {string} [databaseUrl] created on the server when missing
 * @property {string} [redisUrl]
 * @property {string} [dataDir] shared by the instances: uploads and nothing else (no PGlite)
 * @property {string} [jwtSecret] the same on every instance; else kept in dataDir/jwt-secret
 * @property {string} [logLevel]
 */

/** @param {ClusterOptions} options @returns {Promise<Cluster>} */
export async function startCluster(options = {}) {
  const port = options.port ?? 8080;
  const appPorts = options.appPorts ?? [5001, 5002];
  const databaseUrl = options.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/papan_cluster';
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const dataDir = options.dataDir ?? join(ROOT, 'data', 'cluster');
  const logLevel = options.logLevel ?? 'warn';
  if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx');
  if (appPorts.length !== 2) throw new Error('docker/nginx.conf balances exactly two instances');
  await ensureDatabase(databaseUrl);
  await ensureReachable(redisUrl);
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = options.jwtSecret ?? keptSecret(dataDir);
  const origin = `http://localhost:${port}`;

  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  const runDir = mkdtempSync(join(tmpdir(), 'papan-nginx-'));
  const stop = async () => {
    // nginx first, so nothing new arrives; then the instances, each given time to close cleanly.
    await Promise.all(children.map((child) => terminate(child)));
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    /** @type {Instance[]} */
    const instances = appPorts.map((appPort, index) => {
      const id = `papan-${index + 1}`;
      const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'backend/dist/main.js'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(appPort),
          INSTANCE_ID: id,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          JWT_SECRET: jwtSecret,
          TRUST_PROXY: 'true',
          DATA_DIR: dataDir,
          APP_ORIGIN: origin,
          ALLOWED_ORIGINS: `${origin},http://127.0.0.1:${port}`,
          LOG_LEVEL: logLevel,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      prefixOutput(child, id);
      children.push(child);
      return { id, port: appPort, url: `http://127.0.0.1:${appPort}`, child };
    });
    await Promise.all(instances.map((i) => waitForHealth(`${i.url}/api/health`, i.child, i.id)));

    // Workers run as nobody when nginx starts as root: they must reach their temp folders.
    chmodSync(runDir, 0o755);
    const config = join(runDir, 'nginx.conf');
    const accessLog = join(runDir, 'access.log');
    writeFileSync(
      config,
      fillTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
        PAPAN_NGINX_LISTEN: String(port),
        PAPAN_APP_1: `127.0.0.1:${appPorts[0]}`,
        PAPAN_APP_2: `127.0.0.1:${appPorts[1]}`,
        PAPAN_NGINX_RUN: runDir,
        PAPAN_NGINX_ACCESS_LOG: accessLog,
      }),
    );
    const nginx = spawn(NGINX, ['-p', runDir, '-c', config, '-e', 'stderr', '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    prefixOutput(nginx, 'nginx');
    children.unshift(nginx);
    const url = `http://localhost:${port}`;
    await waitForHealth(`${url}/api/health`, nginx, 'nginx');
    return { url, instances, accessLog, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Fills the ${NAME} placeholders of docker/nginx.conf, as envsubst does in compose.
 * @param {string} template @param {Record<string, string>} values
 */
export function fillTemplate(template, values) {
  const filled = template.replace(/\$\{(PAPAN_\w+)\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`docker/nginx.conf: no value for ${whole}`);
    return values[name];
  });
  return filled;
}

/** Creates the cluster's database on the server when it is missing. @param {string} url */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`PostgreSQL at ${server.host} does not answer: ${/** @type {Error} */ (err).message}`);
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** @param {string} url */
function ensureReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.end();
      resolve(undefined);
    });
    const fail = () => {
      socket.destroy();
      reject(new Error(`Redis at ${hostname}:${port || 6379} does not answer`));
    };
    socket.once('error', fail);
    socket.once('timeout', fail);
  });
}

/** The secret every instance shares, made once and kept with the cluster's data. @param {string} dataDir */
function keptSecret(dataDir) {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * @param {string} url @param {import('node:child_process').ChildProcess} child @param {string} name
 */
async function waitForHealth(url, child, name) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} stopped while starting (exit ${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become healthy at ${url}`);
}

/** @param {import('node:child_process').ChildProcess} child @param {string} name */
function prefixOutput(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  child.once('exit', (code, signal) => console.log(`[${name}] stopped (${signal ?? `exit ${code}`})`));
}

/** SIGTERM, then SIGKILL after 10 s. @param {import('node:child_process').ChildProcess} child */
async function terminate(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    buildIfStale();
    const cluster = await startCluster({
      port: Number(process.env.CLUSTER_PORT ?? 8080),
      appPorts: (process.env.CLUSTER_APP_PORTS ?? '5001,5002').split(',').map(Number),
      databaseUrl: process.env.DATABASE_URL,
      redisUrl: process.env.REDIS_URL,
      jwtSecret: process.env.JWT_SECRET,
      logLevel: process.env.LOG_LEVEL,
    });
    const ids = cluster.instances.map((i) => `${i.id} on ${i.port}`).join(', ');
    console.log(`Papan cluster is running on ${cluster.url} (${ids}; nginx in front). Ctrl-C stops it.`);
    console.log(`nginx access log: ${cluster.accessLog}`);
    let stopping = false;
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        console.log('Stopping the cluster...');
        void cluster.stop().then(() => process.exit(0));
      });
    }
  } catch (err) {
    console.error(`Cluster failed to start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
