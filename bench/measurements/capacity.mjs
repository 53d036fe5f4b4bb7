// @ts-check
// Capacity (issue 42; docs/operations.md, "Capacity"): how many live sockets an instance serves.
// Boards of lists and cards on the PostgreSQL store, one mover per board at a steady rate, sockets
// stepped up, each joined to one board as one of its members. One instance, then two (each pinned to
// a core of its own with taskset when the machine has them), on the PostgreSQL adapter and, when
// Redis answers, on the Redis streams adapter. Per step: move → socket delivery p50 / p99, deliveries
// lost, each server's CPU (% of a core), RSS and event-loop delay p99 (/api/metrics), and the
// client's own CPU (it shares the machine).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from '../lib/http.mjs';
import { cardPlaces, moveCard, pickMove, random } from '../lib/moves.mjs';
import { createTempDatabase, findPostgres } from '../lib/postgres.mjs';
import { registerAndLogin } from '../lib/seed.mjs';
import { startServer } from '../lib/server.mjs';
import { closeAll, connect, joinBoard } from '../lib/sockets.mjs';
import { mapLimit, now, round, sleep, summarize } from '../lib/stats.mjs';

const FULL = {
  boards: 20,
  lists: 5,
  cardsPerList: 50,
  membersPerBoard: 5,
  movesPerSecond: 2,
  stepSeconds: 20,
  /** Sockets per step for one instance; two instances are given twice as many. */
  steps: [500, 1000, 2000],
};
const QUICK = { ...FULL, boards: 4, cardsPerList: 10, membersPerBoard: 2, stepSeconds: 5, steps: [100, 200] };

/** How long after the movers stop a delivery still counts (a later one is lost). */
const GRACE_MS = 5000;

/**
 * @param {{ quick: boolean, jwtSecret: string }} ctx
 * @returns {Promise<import('../lib/report.mjs').Result>}
 */
export async function measureCapacity({ quick, jwtSecret }) {
  const size = quick ? QUICK : FULL;
  const pg = await findPostgres();
  if (!pg) return skipped('no PostgreSQL: set BENCH_DATABASE_URL or run one at 127.0.0.1:5432');
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  /** @type {('postgres' | 'redis')[]} */
  const adapters = (await redisAnswers(redisUrl)) ? ['postgres', 'redis'] : ['postgres'];
  const pinned = cpus().length >= 2 && hasTaskset();
  /** @type {Run[]} */
  const runs = [];
  for (const adapter of adapters)
    for (const instances of [1, 2])
      runs.push(await measureSetup({ size, jwtSecret, pgUrl: pg.url, redisUrl, adapter, instances, pinned }));

  const at = (/** @type {string} */ adapter, /** @type {number} */ instances) =>
    runs.find((r) => r.adapter === adapter && r.instances === instances);
  const lastOf = (/** @type {Run | undefined} */ r) => r?.steps.at(-1);
  const lost = runs.flatMap((r) => r.steps).reduce((sum, s) => sum + s.lost, 0);
  const figures = [
    {
      id: 'capacity.lost',
      label: 'Deliveries lost, every step of every setup',
      value: lost,
      unit: '',
    },
  ];
  const onePg = lastOf(at('postgres', 1));
  const twoPg = lastOf(at('postgres', 2));
  if (onePg && twoPg)
    figures.push({
      id: 'capacity.scale-out-p99-ratio',
      label: `PostgreSQL adapter: p99 of two instances at ${twoPg.sockets} sockets ÷ one at ${onePg.sockets}`,
      value: round(twoPg.p99 / onePg.p99, 2),
      unit: '×',
    });
  const oneRedis = at('redis', 1);
  const onePgRun = at('postgres', 1);
  if (oneRedis && onePgRun) {
    // The same-instance delivery at the first step (the least loaded), Redis against no Redis.
    const delta = oneRedis.steps[0].p50 - onePgRun.steps[0].p50;
    figures.push({
      id: 'capacity.redis-local-p50-delta',
      label: `One instance, ${onePgRun.steps[0].sockets} sockets: delivery p50 with Redis − without`,
      value: round(delta, 2),
      unit: 'ms',
    });
  }
  for (const r of runs) {
    const last = lastOf(r);
    if (!last) continue;
    figures.push({
      id: `capacity.${r.adapter}-${r.instances}.p99`,
      label: `${r.adapter === 'redis' ? 'Redis' : 'PostgreSQL'} adapter, ${r.instances} instance${r.instances > 1 ? 's' : ''}, ${last.sockets} sockets: delivery p99`,
      value: last.p99,
      unit: 'ms',
    });
  }
  return {
    name: 'capacity',
    figures,
    details: {
      size,
      pinned,
      client: 'this process, one core shared with the servers when there are not more cores than instances',
      runs,
    },
  };
}

/**
 * @typedef {object} Step
 * @property {number} sockets
 * @property {number} moves
 * @property {number} expected deliveries (moves × sockets on the moved card's board)
 * @property {number} lost
 * @property {number} p50 move sent → event at a socket, ms
 * @property {number} p99
 * @property {{ cpuPercent: number, rssMb: number, eventLoopP99Ms: number | null }[]} servers
 * @property {number} clientCpuPercent
 */
/** @typedef {{ adapter: string, instances: number, steps: Step[] }} Run */

/**
 * One setup: a fresh database, its servers, boards and members, then the steps.
 * @param {{ size: typeof FULL, jwtSecret: string, pgUrl: string, redisUrl: string, adapter: 'postgres' | 'redis', instances: number, pinned: boolean }} o
 * @returns {Promise<Run>}
 */
async function measureSetup(o) {
  const database = await createTempDatabase(o.pgUrl);
  const dirs = Array.from({ length: o.instances }, () => mkdtempSync(join(tmpdir(), 'papan-bench-cap-')));
  /** @type {import('../lib/server.mjs').BenchServer[]} */
  const servers = [];
  try {
    // One after the other: two starting together race on the PostgreSQL adapter's table.
    for (const [i, dataDir] of dirs.entries()) {
      servers.push(
        await startServer({
          dataDir,
          databaseUrl: database.url,
          redisUrl: o.adapter === 'redis' ? o.redisUrl : null,
          jwtSecret: o.jwtSecret,
          name: `capacity ${o.adapter} ${i + 1}/${o.instances}`,
          ...(o.pinned ? { cpu: i % cpus().length } : {}),
          // Every board's members sign up from this one address.
          env: { RATE_LIMIT_REGISTER_PER_ADDRESS: '10000' },
        }),
      );
    }
    const boards = await seed(servers[0].url, o.size);
    /** @type {Step[]} */
    const steps = [];
    for (const perInstance of o.size.steps)
      steps.push(await measureStep(servers, boards, perInstance * o.instances, o.size));
    return { adapter: o.adapter, instances: o.instances, steps };
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * Boards with lists and cards, each with members of its own (every socket signs in as one of them).
 * @param {string} url @param {typeof FULL} size
 */
async function seed(url, size) {
  const http = new HttpClient(url, 8);
  const stamp = Date.now();
  const owner = await registerAndLogin(http, 'Capacity Owner', `cap-owner-${stamp}@example.com`);
  const boards = await mapLimit(Array.from({ length: size.boards }), 4, async (_, b) => {
    const token = owner.token;
    const boardId = (await http.json('POST', '/api/boards', { token, body: { title: `Capacity ${b + 1}` } }))
      ._id;
    for (let l = 0; l < size.lists; l++) {
      const list = await http.json('POST', `/api/boards/${boardId}/lists`, {
        token,
        body: { title: `List ${l + 1}` },
      });
      for (let c = 0; c < size.cardsPerList; c++)
        await http.json('POST', `/api/lists/${list._id}/cards`, {
          token,
          body: { title: `Card ${l + 1}-${c + 1}` },
        });
    }
    /** @type {string[]} */
    const memberTokens = [];
    for (let m = 0; m < size.membersPerBoard; m++) {
      const email = `cap-${stamp}-${b}-${m}@example.com`;
      const member = await registerAndLogin(http, `Member ${b + 1}.${m + 1}`, email);
      await http.json('POST', `/api/boards/${boardId}/members`, { token, body: { email } });
      memberTokens.push(member.token);
    }
    const read = await http.json('GET', `/api/boards/${boardId}`, { token });
    return {
      boardId,
      ownerToken: token,
      memberTokens,
      places: cardPlaces(read),
      listIds: read.lists.map((/** @type {any} */ l) => l._id),
    };
  });
  http.close();
  return boards;
}

/**
 * Opens `total` sockets spread over the instances and boards, runs one mover per board for the
 * step's seconds, and counts what reached whom.
 * @param {import('../lib/server.mjs').BenchServer[]} servers
 * @param {Awaited<ReturnType<typeof seed>>} boards
 * @param {number} total @param {typeof FULL} size
 * @returns {Promise<Step>}
 */
async function measureStep(servers, boards, total, size) {
  /** Per board: card id → when its move was sent, and how many sockets have had it. */
  const inFlight = boards.map(() => new Map());
  /** @type {number[]} */
  const latencies = [];
  let received = 0;
  const joined = boards.map(() => 0);
  const sockets = await mapLimit(Array.from({ length: total }), 20, async (_, i) => {
    const b = i % boards.length;
    const board = boards[b];
    const server = servers[Math.floor(i / boards.length) % servers.length];
    const socket = await connect(server.url, board.memberTokens[i % board.memberTokens.length]);
    await joinBoard(socket, board.boardId);
    joined[b]++;
    socket.on('board:event', (/** @type {any} */ e) => {
      if (e.type !== 'card.moved') return;
      const sent = inFlight[b].get(e.payload.cardId);
      if (sent === undefined) return;
      received++;
      latencies.push(now() - sent);
    });
    return socket;
  });
  try {
    await sleep(1000); // joins settle, presence broadcasts end
    const metrics = servers.map((s) => new HttpClient(s.url, 1));
    await Promise.all(metrics.map((m) => eventLoopP99(m))); // resets the lag histogram
    const cpuBefore = servers.map((s) => s.cpuMs());
    const clientBefore = process.cpuUsage();
    const t0 = now();
    let moves = 0;
    let expected = 0;
    const intervalMs = 1000 / size.movesPerSecond;
    await Promise.all(
      boards.map(async (board, b) => {
        const http = new HttpClient(servers[b % servers.length].url, 1);
        const at = { boardId: board.boardId, token: board.ownerToken, places: board.places };
        const cards = [...board.places.keys()];
        const rnd = random(1000 + b);
        // Movers start spread over one interval, as independent people would.
        await sleep((intervalMs * b) / boards.length);
        for (let next = now(); now() - t0 < size.stepSeconds * 1000; next += intervalMs) {
          const m = pickMove(rnd, cards, board.listIds, board.places);
          // A card moves once per step: each delivery is matched to its move by the card.
          if (inFlight[b].has(m.cardId)) continue;
          inFlight[b].set(m.cardId, now());
          moves++;
          expected += joined[b];
          await moveCard(http, at, m.cardId, m.destListId, m.newPosition);
          const wait = next + intervalMs - now();
          if (wait > 0) await sleep(wait);
        }
        http.close();
      }),
    );
    await sleep(GRACE_MS);
    const seconds = (now() - t0) / 1000;
    const clientCpu = process.cpuUsage(clientBefore);
    const servedBy = await Promise.all(
      servers.map(async (s, i) => ({
        cpuPercent: round(((s.cpuMs() - cpuBefore[i]) / (seconds * 1000)) * 100, 1),
        rssMb: round(s.rssMb(), 0),
        eventLoopP99Ms: await eventLoopP99(metrics[i]),
      })),
    );
    metrics.forEach((m) => m.close());
    const stats = summarize(latencies);
    return {
      sockets: total,
      moves,
      expected,
      lost: Math.max(0, expected - received),
      p50: stats.p50,
      p99: stats.p99,
      servers: servedBy,
      clientCpuPercent: round(((clientCpu.user + clientCpu.system) / 1000 / (seconds * 1000)) * 100, 1),
    };
  } finally {
    closeAll(sockets);
    await sleep(500);
  }
}

/** The server's event-loop delay p99 since the last scrape, in ms (prom-client resets it). */
async function eventLoopP99(/** @type {HttpClient} */ http) {
  const text = (await http.request('GET', '/api/metrics')).body.toString();
  const value = /^nodejs_eventloop_lag_p99_seconds\s+(\S+)/m.exec(text)?.[1];
  return value === undefined ? null : round(Number(value) * 1000, 1);
}

/** Whether something listens at the Redis URL's host and port (a TCP connect, 1 s at most). */
function redisAnswers(/** @type {string} */ url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = tcpConnect(Number(port) || 6379, hostname);
    const done = (/** @type {boolean} */ answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

function hasTaskset() {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** @param {string} why @returns {import('../lib/report.mjs').Result} */
function skipped(why) {
  return {
    name: 'capacity',
    figures: [
      { id: 'capacity.lost', label: 'Deliveries lost', value: null, unit: '', note: `skipped: ${why}` },
    ],
    details: { skipped: why },
  };
}
