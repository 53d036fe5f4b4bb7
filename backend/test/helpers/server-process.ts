import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'backend/dist/main.js');

/** The built server (`node backend/dist/main.js`) as its own process. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Builds @papan/shared and @papan/backend when their sources are newer than dist (one file at a time). */
export async function ensureServerBuilt(): Promise<void> {
  const lock = join(tmpdir(), 'papan-reliability-build.lock');
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      // Another test file is building; a lock older than 5 minutes is a leftover.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    for (const [workspace, sources, output] of [
      ['@papan/shared', ['shared/src'], 'shared/dist/index.js'],
      ['@papan/backend', ['backend/src', 'shared/src', 'backend/drizzle'], 'backend/dist/main.js'],
    ] as const) {
      const built = existsSync(join(ROOT, output)) ? statSync(join(ROOT, output)).mtimeMs : 0;
      if (!sources.some((s) => newest(join(ROOT, s)) > built)) continue;
      const run = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`build of ${workspace} failed:\n${run.stdout}${run.stderr}`);
    }
  } finally {
    rmSync(lock, { force: true });
  }
}

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Starts the built server with `env` (and `nodeFlags` before its entry point, for V8 flags that
 * NODE_OPTIONS refuses) and waits until /api/health answers 200.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  nodeFlags: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const server = launchServer({ ...env, PORT: String(port) }, nodeFlags);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exit = await Promise.race([server.exited, new Promise((r) => setTimeout(r, 200, null))]);
    if (exit) throw new Error(`server exited before it was healthy:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output()}`);
    }
  }
}

/** Spawns the built server without waiting for it (a start that must fail, for one). */
export function launchServer(env: NodeJS.ProcessEnv, nodeFlags: string[] = []): ServerProcess {
  const port = Number(env.PORT ?? 0);
  const child = spawn(process.execPath, [...nodeFlags, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'reliability-tests-secret-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** A user registered and logged in over plain HTTP (for servers in another process). */
export async function registerOverHttp(
  url: string,
  name = 'Reliable',
): Promise<{ token: string; id: string }> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const body = { name, email, password: 'correct horse' };
  const post = (path: string, data: object) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(data),
    });
  const reg = await post('/api/auth/register', body);
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await post('/api/auth/login', { email, password: body.password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const result = (await login.json()) as { token: string; _id: string };
  return { token: result.token, id: result._id };
}
