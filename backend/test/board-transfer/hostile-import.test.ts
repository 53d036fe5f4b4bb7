import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRANSFER_LIMITS } from '@papan/shared';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import {
  ensureServerBuilt,
  registerOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process';
import { trelloFixture, zipOf } from './transfer-helpers';

const MB = 1024 * 1024;
const { jsonDepth, jsonValues, zipEntries, jsonBytes, importsAtOnce } = TRANSFER_LIMITS;

/** The resident memory of a process, from /proc (worker threads included). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

interface Hostile {
  name: string;
  bytes: Buffer;
  status: number;
  message: string;
}

/**
 * Four archives of the kinds the security review (issue 31) names, each a few KB to ~1 MB on the
 * wire: the JSON ones as big as a board.json may be (20 MB inflated), so that only counting before
 * parsing keeps them cheap.
 */
async function hostileArchives(): Promise<Hostile[]> {
  const half = Math.floor(jsonBytes / 2) - 16;
  const deep = Buffer.alloc(2 * half, '[');
  deep.fill(']', half);
  const head = '{"format":"papan.board","version":1,"lists":[';
  const wide = Buffer.from(`${head}${'{},'.repeat((jsonBytes - head.length - 4) / 3)}{}]}`);
  // 42.zip-style: archives nested in the archive, board.json one of them, beside blocks that
  // inflate ~1000-fold: 16 × 14 MB is more than the archive may inflate to in all.
  const block = Buffer.alloc(14 * MB, '0');
  const inner = await zipOf(
    Object.fromEntries([...Array(16)].map((_, i) => [`${i}.zip`, block.subarray(0, MB)])),
  );
  const nest = await zipOf({
    'board.json': await zipOf({ 'a.zip': inner, 'b.zip': inner }),
    ...Object.fromEntries([...Array(16)].map((_, i) => [`files/${i}`, block])),
  });
  const tiny = Object.fromEntries(
    [...Array(zipEntries + 500)].map((_, i) => [`files/${i}`, Buffer.from('x')]),
  );
  return [
    {
      name: 'deeply nested',
      bytes: await zipOf({ 'board.json': deep }),
      status: 400,
      message: `board.json: must not nest arrays and objects more than ${jsonDepth} deep`,
    },
    {
      name: 'wide arrays',
      bytes: await zipOf({ 'board.json': wide }),
      status: 413,
      message: `board.json: must hold at most ${jsonValues} JSON values`,
    },
    {
      name: 'many tiny entries',
      bytes: await zipOf({ 'board.json': Buffer.from('{}'), ...tiny }),
      status: 400,
      message: `file: the ZIP archive must hold at most ${zipEntries} files`,
    },
    {
      name: '42.zip-style nest',
      bytes: nest,
      status: 413,
      message: 'file: the ZIP archive must inflate to at most 200 MB',
    },
  ];
}

/** POST /api/boards/import of `bytes` as a multipart upload. */
async function postImport(url: string, token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${url}/api/boards/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { message: string };
  return { status: res.status, message: body.message, retryAfter: Number(res.headers.get('retry-after')) };
}

/**
 * Issue 31, finding 2: a 50 KB archive used to hold the event loop for a minute and grow the heap
 * by 1.5 GB. The built server runs in a process of its own, so its RSS and its /api/health answers
 * are its own (the test runner's event loop is not the server's), on PGlite or, with
 * TEST_DATABASE_URL, PostgreSQL. Four hostile archives go in at once, twice over, while /api/health
 * is asked every 100 ms; an import refused as the server is busy (more than `importsAtOnce`) is
 * sent again after its Retry-After until the archive itself is refused.
 */
describe('hostile imports', () => {
  let server: ServerProcess;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let archives: Hostile[];
  let tokens: string[];

  beforeAll(async () => {
    await ensureServerBuilt();
    archives = await hostileArchives();
    dataDir = mkdtempSync(join(tmpdir(), 'papan-hostile-import-'));
    const { TEST_DATABASE_URL: serverUrl, PAPAN_PG_TEMPLATE: template } = process.env;
    if (serverUrl && template) database = await cloneTemplateDatabase(serverUrl, template);
    server = await startServerProcess(
      { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) },
      90_000,
    );
    tokens = [];
    for (let i = 0; i < archives.length; i++)
      tokens.push((await registerOverHttp(server.url, `Hostile${i}`)).token);
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses four at once with a 4xx naming the limit, /api/health answering within 1 s, RSS +200 MB at most', async () => {
    const pid = server.child.pid!;
    // Warm up: a real import loads the worker's code once, as the first import after a start does.
    const warm = await postImport(server.url, tokens[0], trelloFixture(), 'trello.json');
    expect(warm.status).toBe(201);
    await new Promise((r) => setTimeout(r, 500));

    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const latencies: number[] = [];
    const asked = new Set<Promise<void>>();
    const health = setInterval(() => {
      const t0 = performance.now();
      const p = fetch(`${server.url}/api/health`)
        .then(async (res) => {
          await res.arrayBuffer();
          latencies.push(res.ok ? performance.now() - t0 : Infinity);
        })
        .catch(() => {
          latencies.push(Infinity);
        })
        .finally(() => asked.delete(p));
      asked.add(p);
    }, 100);

    const t0 = performance.now();
    const answers: { name: string; status: number; message: string; busy: number }[] = [];
    try {
      for (let round = 0; round < 2; round++)
        await Promise.all(
          archives.map(async (a, i) => {
            let busy = 0;
            for (;;) {
              const res = await postImport(server.url, tokens[i], a.bytes, `${i}.zip`);
              if (res.status !== 429) return answers.push({ name: a.name, ...res, busy });
              expect(res.message).toBe(
                `The server is busy: at most ${importsAtOnce} imports run at a time. Please try again in a moment.`,
              );
              expect(res.retryAfter).toBeGreaterThan(0);
              if (++busy > 10) throw new Error(`${a.name}: still busy after ${busy} tries`);
              await new Promise((r) => setTimeout(r, res.retryAfter * 1000));
            }
          }),
        );
    } finally {
      const ms = performance.now() - t0;
      clearInterval(health);
      await Promise.all(asked);
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid));
      const growth = (peak - before) / MB;
      const worst = Math.max(...latencies);
      process.stdout.write(
        `hostile imports (${database ? 'postgres' : 'pglite'}): ${answers.length} answered in ${ms.toFixed(0)} ms ` +
          `(${answers.reduce((n, a) => n + a.busy, 0)} busy answers first); /api/health asked ${latencies.length} times, ` +
          `worst ${worst.toFixed(0)} ms; server RSS ${(before / MB).toFixed(0)} MB, peak +${growth.toFixed(1)} MB\n`,
      );
      expect(worst).toBeLessThan(1000);
      expect(growth).toBeLessThanOrEqual(200);
    }
    for (const a of archives) {
      const got = answers.filter((x) => x.name === a.name);
      expect(got.map(({ name, status, message }) => ({ name, status, message }))).toEqual(
        [0, 1].map(() => ({ name: a.name, status: a.status, message: expect.stringContaining(a.message) })),
      );
    }
    // Nothing was stored: the hostile importers have no boards (the first one only the warm-up's).
    for (const [i, token] of tokens.entries()) {
      const res = await fetch(`${server.url}/api/boards`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await res.json()) as unknown[]).length).toBe(i === 0 ? 1 : 0);
    }
  }, 120_000);
});
