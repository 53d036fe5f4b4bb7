// @ts-check
// Two server instances on one PostgreSQL database (events travel through the socket.io PostgreSQL
// adapter, LISTEN/NOTIFY): moves are sent to instance A, sockets listen on instance B (and one on
// A, for comparison). A small board of its own: this measures delivery, not the move.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from '../lib/http.mjs';
import { cardPlaces, moveCard, pickMove, random } from '../lib/moves.mjs';
import { createTempDatabase, findPostgres } from '../lib/postgres.mjs';
import { registerAndLogin } from '../lib/seed.mjs';
import { startServer } from '../lib/server.mjs';
import { closeAll, connect, joinBoard } from '../lib/sockets.mjs';
import { mapLimit, now, sleep, summarize } from '../lib/stats.mjs';

/** @param {{ size: import('../lib/context.mjs').Size, jwtSecret: string }} ctx */
export async function measureCrossInstance(ctx) {
  const { size } = ctx;
  const pg = await findPostgres();
  if (!pg) {
    return {
      name: 'cross-instance',
      figures: [
        {
          id: 'cross-instance.p50',
          label: 'Cross-instance delivery p50',
          value: null,
          unit: 'ms',
          note: 'skipped: no PostgreSQL',
        },
        {
          id: 'cross-instance.p99',
          label: 'Cross-instance delivery p99',
          value: null,
          unit: 'ms',
          note: 'skipped: no PostgreSQL',
        },
      ],
      details: { skipped: 'no PostgreSQL: set BENCH_DATABASE_URL or run one at 127.0.0.1:5432' },
    };
  }
  const database = await createTempDatabase(pg.url);
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'papan-bench-x-')));
  /** @type {import('../lib/server.mjs').BenchServer[]} */
  const servers = [];
  /** @type {any[]} */
  let sockets = [];
  try {
    // One after the other: started together on a fresh database, the two race on the PostgreSQL
    // adapter's `create table if not exists socket_io_attachments` and one may fail to start.
    for (const [i, dataDir] of dirs.entries()) {
      const name = `instance ${'AB'[i]}`;
      servers.push(await startServer({ dataDir, databaseUrl: database.url, jwtSecret: ctx.jwtSecret, name }));
    }
    const [a, b] = servers;
    const http = new HttpClient(a.url, 2);
    const owner = await registerAndLogin(http, 'Cross Owner', `cross-${Date.now()}@example.com`);
    const token = owner.token;
    const boardId = (await http.json('POST', '/api/boards', { token, body: { title: 'Cross' } }))._id;
    for (const title of ['To do', 'Doing', 'Done']) {
      const list = await http.json('POST', `/api/boards/${boardId}/lists`, { token, body: { title } });
      for (let i = 0; i < 10; i++) {
        await http.json('POST', `/api/lists/${list._id}/cards`, {
          token,
          body: { title: `${title} ${i + 1}` },
        });
      }
    }
    sockets = await mapLimit(Array.from({ length: size.crossSockets + 1 }), 10, async (_, i) => {
      const socket = await connect(i === 0 ? a.url : b.url, token);
      await joinBoard(socket, boardId);
      return socket;
    });
    await sleep(500);
    const board = await http.json('GET', `/api/boards/${boardId}`, { token });
    const places = cardPlaces(board);
    const at = { boardId, token, places };
    const cards = [...places.keys()];
    const listIds = board.lists.map((/** @type {any} */ l) => l._id);
    const rnd = random(11);

    /** @type {{ cardId: string, times: number[], local: number, done: () => void } | null} */
    let waiting = null;
    sockets.forEach((socket, i) =>
      socket.on('board:event', (/** @type {any} */ e) => {
        if (!waiting || e.payload.cardId !== waiting.cardId) return;
        if (i === 0) waiting.local = now();
        else waiting.times.push(now());
        if (waiting.times.length === sockets.length - 1 && waiting.local) waiting.done();
      }),
    );
    const once = async () => {
      const m = pickMove(rnd, cards, listIds, places);
      /** @type {{ cardId: string, times: number[], local: number, done: () => void }} */
      const w = { cardId: m.cardId, times: [], local: 0, done: () => undefined };
      const all = new Promise((resolve, reject) => {
        w.done = () => resolve(undefined);
        setTimeout(
          () => reject(new Error(`instance B sockets: ${w.times.length} had the event`)),
          10_000,
        ).unref();
      });
      waiting = w;
      const t0 = now();
      await moveCard(http, at, m.cardId, m.destListId, m.newPosition);
      await all;
      waiting = null;
      return { remote: Math.max(...w.times) - t0, local: w.local - t0 };
    };
    for (let i = 0; i < size.warmup; i++) await once();
    const samples = [];
    for (let i = 0; i < size.crossMoves; i++) {
      samples.push(await once());
      await sleep(10);
    }
    http.close();
    const remote = summarize(samples.map((s) => s.remote));
    const local = summarize(samples.map((s) => s.local));
    const added = summarize(samples.map((s) => s.remote - s.local));
    return {
      name: 'cross-instance',
      figures: [
        {
          id: 'cross-instance.p50',
          label: `Move on A → event at the last of ${size.crossSockets} sockets on B, p50`,
          value: remote.p50,
          unit: 'ms',
        },
        {
          id: 'cross-instance.p99',
          label: `Move on A → event at the last of ${size.crossSockets} sockets on B, p99`,
          value: remote.p99,
          unit: 'ms',
        },
        {
          id: 'cross-instance.same-p50',
          label: 'Same move → event at a socket on A itself, p50',
          value: local.p50,
          unit: 'ms',
        },
        {
          id: 'cross-instance.added-p99',
          label: 'Added by crossing instances (B − A, per move), p99',
          value: added.p99,
          unit: 'ms',
        },
      ],
      details: {
        postgres: { version: pg.version, fromEnv: pg.fromEnv },
        socketsOnB: size.crossSockets,
        remoteMs: remote,
        sameInstanceMs: local,
        addedByCrossingMs: added,
      },
    };
  } finally {
    closeAll(sockets);
    for (const s of servers) await s.stop();
    await database.drop().catch(() => undefined);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
