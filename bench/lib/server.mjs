// @ts-check
// The built server as a child process, and what /proc tells about it (CPU time, resident memory).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SERVER_NODE_OPTIONS } from '../../scripts/lib/server-node-options.mjs';
import { sleep } from './stats.mjs';

export const ROOT = join(import.meta.dirname, '..', '..');
/** Linux clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every mainstream kernel). */
const CLK_TCK = 100;

/**
 * @typedef {object} ServerOptions
 * @property {string} dataDir
 * @property {string | null} databaseUrl
 * @property {string} jwtSecret shared by every instance so a token works on all of them
 * @property {string | null} [cpuProfDir] write a V8 CPU profile there on exit
 * @property {string} [name] prefix of the server's log lines
 * @property {string | null} [redisUrl] REDIS_URL: the Redis streams adapter between instances
 * @property {number} [cpu] pin the process to this core (`taskset -c`)
 * @property {Record<string, string>} [env] more settings for this run
 */

/** @param {ServerOptions} options */
export async function startServer(options) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const name = options.name ?? 'server';
  const args = [
    // What production runs with (npm start, the Docker image).
    ...SERVER_NODE_OPTIONS,
    ...(options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []),
    'backend/dist/main.js',
  ];
  // taskset execs the server: the child's pid is the server's.
  const [command, argv] =
    options.cpu === undefined
      ? [process.execPath, args]
      : ['taskset', ['-c', String(options.cpu), process.execPath, ...args]];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: 'warn',
      APP_ORIGIN: url,
      // The live-feeds measurement's webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The seeded accounts never open their verification mail; nothing measured depends on it.
      REQUIRE_VERIFIED_EMAIL: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  /** @type {string[]} */
  const log = [];
  child.stderr?.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      log.push(line);
      process.stderr.write(`  [${name}] ${line}\n`);
    }
  });
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve(undefined);
    }),
  );
  await waitForHealth(`${url}/api/health`, () => exited, log);
  const pid = /** @type {number} */ (child.pid);
  return {
    url,
    pid,
    /** Resident memory in MB (VmRSS). */
    rssMb: () => readRssMb(pid),
    /** CPU time (user + system) the server has used so far, in ms (10 ms resolution). */
    cpuMs: () => readCpuMs(pid),
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof startServer>>} BenchServer */

/** @param {number} pid */
export function readCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the numeric fields start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1000) / CLK_TCK;
}

/** @param {number} pid */
export function readRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * Samples a server's RSS every `everyMs` until stopped; answers the highest value seen.
 * @param {() => number} read
 */
export function watchPeak(read, everyMs = 200) {
  let peak = read();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {
      // the process has gone
    }
  }, everyMs);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, () => {
      const address = s.address();
      s.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** @param {string} url @param {() => boolean} exited @param {string[]} log */
async function waitForHealth(url, exited, log) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited before it was healthy:\n${log.slice(-20).join('\n')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not become healthy at ${url}`);
}
