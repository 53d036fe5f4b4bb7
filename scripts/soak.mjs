// @ts-check
// Soak: the built server under 500 socket.io clients on 20 boards, steady moves and polls.
// npm run soak [-- --minutes=10 --clients=500 --boards=20 --move-every=3000 (ms per board)];
// exits 1 on any failure or growth.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { freePort, waitForHealth } from '../e2e/support/server.mjs';
import { buildIfStale, ROOT } from './lib/build-if-stale.mjs';
import { SERVER_NODE_OPTIONS } from './lib/server-node-options.mjs';

const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const MINUTES = arg('minutes', 10);
const CLIENTS = arg('clients', 500);
const BOARDS = arg('boards', 20);
const WARMUP_MS = Math.max(30_000, MINUTES * 60_000 * 0.2);
const MOVE_EVERY_MS = arg('move-every', 3000); // per board
const POLL_EVERY_MS = 5000; // per client, as the board screen does

const failures = [];
/** @param {unknown} err */
const reason = (err) => {
  const e = /** @type {{ cause?: { code?: string; message?: string }; message?: string }} */ (err);
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
};
const fail = (what) => {
  failures.push(what);
  if (failures.length <= 10) console.error(`failure: ${what}`);
};
process.on('unhandledRejection', (err) => fail(`unhandled rejection: ${err}`));

buildIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'papan-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'backend/dist/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    JWT_SECRET: 'soak-'.padEnd(40, 'x'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// Never leave the server behind, whatever ends this script.
process.on('exit', () => server.exitCode === null && server.signalCode === null && server.kill('SIGKILL'));
server.on('exit', (code, signal) => {
  if (!stopping) fail(`server exited (${code ?? signal})`);
});
let stopping = false;
await waitForHealth(`${base}/api/health`);

const json = async (path, init = {}, token) => {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

// One owner per board, 4 lists × 10 cards each.
console.log(`Seeding ${BOARDS} boards...`);
const boards = [];
for (let b = 0; b < BOARDS; b++) {
  const email = `soak-${b}-${Date.now()}@example.com`;
  await json('/api/auth/register', {
    method: 'POST',
    body: JSON.stringify({ name: `Soak ${b}`, email, password: 'correct horse' }),
  });
  const { token } = await json('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'correct horse' }),
  });
  const board = await json(
    '/api/boards',
    { method: 'POST', body: JSON.stringify({ title: `Soak ${b}` }) },
    token,
  );
  const lists = [];
  for (let l = 0; l < 4; l++) {
    const list = await json(
      `/api/boards/${board._id}/lists`,
      { method: 'POST', body: JSON.stringify({ title: `L${l}` }) },
      token,
    );
    for (let c = 0; c < 10; c++)
      await json(
        `/api/lists/${list._id}/cards`,
        { method: 'POST', body: JSON.stringify({ title: `c${l}.${c}` }) },
        token,
      );
    lists.push(list._id);
  }
  boards.push({ id: board._id, token, lists });
}

console.log(`Connecting ${CLIENTS} socket.io clients...`);
const sockets = [];
let events = 0;
let gaps = 0;
for (let i = 0; i < CLIENTS; i++) {
  const board = boards[i % BOARDS];
  const socket = io(base, { auth: { token: board.token }, transports: ['websocket'], reconnection: true });
  let version = 0;
  socket.on('board:event', (e) => {
    events++;
    if (version && e.version !== version + 1) gaps++;
    version = e.version;
  });
  socket.on('disconnect', (reason) => {
    if (!stopping) fail(`socket ${i} disconnected: ${reason}`);
  });
  await new Promise((resolve, reject) =>
    socket.once('connect', () => resolve(undefined)).once('connect_error', reject),
  );
  const ack = await socket.timeout(10_000).emitWithAck('board:join', { boardId: board.id });
  if (!ack.ok) fail(`socket ${i} could not join: ${JSON.stringify(ack)}`);
  version = ack.version;
  sockets.push({ socket, board, etag: /** @type {string | null} */ (null) });
}

const counts = { moves: 0, conflicts: 0, polls: 0, notModified: 0 };
const samples = [];
async function sample(label) {
  const text = await fetch(`${base}/api/metrics`)
    .then((res) => res.text())
    .catch((err) => {
      fail(`metrics: ${reason(err)}`);
      return '';
    });
  const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const s = {
    label,
    at: Date.now(),
    rssMb: value('process_resident_memory_bytes') / 2 ** 20,
    heapMb: value('nodejs_heap_size_used_bytes') / 2 ** 20,
    handles: value('nodejs_active_handles_total'),
    timers: Number(/^nodejs_active_resources\{type="Timeout"\} (\S+)$/m.exec(text)?.[1] ?? 0),
    sockets: value('papan_socket_connections'),
    lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
  samples.push(s);
  console.log(
    `${label.padEnd(8)} rss ${s.rssMb.toFixed(0)} MB, heap ${s.heapMb.toFixed(0)} MB, handles ${s.handles}, ` +
      `timers ${s.timers}, sockets ${s.sockets}, lag p99 ${s.lagP99Ms.toFixed(0)} ms; moves ${counts.moves} ` +
      `(409: ${counts.conflicts}), polls ${counts.polls} (304: ${counts.notModified}), events ${events}, failures ${failures.length}`,
  );
  return s;
}

const started = Date.now();
const end = started + MINUTES * 60_000;
const timers = [];
// Moves: each board gets one move every MOVE_EVERY_MS, a random card to a random list.
for (const board of boards) {
  timers.push(
    setInterval(async () => {
      try {
        const detail = await json(`/api/boards/${board.id}`, {}, board.token);
        const all = detail.lists.flatMap((l) => l.cards.map((c) => ({ id: c._id, listId: l._id })));
        const card = all[Math.floor(Math.random() * all.length)];
        const res = await fetch(`${base}/api/boards/${board.id}/dnd`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${board.token}` },
          body: JSON.stringify({
            type: 'card',
            cardId: card.id,
            sourceListId: card.listId,
            destListId: board.lists[Math.floor(Math.random() * board.lists.length)],
            newPosition: Math.floor(Math.random() * 11),
          }),
        });
        await res.arrayBuffer();
        if (res.status === 200) counts.moves++;
        else if (res.status === 409) counts.conflicts++;
        else fail(`move answered ${res.status}`);
      } catch (err) {
        fail(`move: ${reason(err)}`);
      }
    }, MOVE_EVERY_MS),
  );
}
// Polls: every client reads its board with its ETag every 5 s (spread out).
sockets.forEach((client, i) => {
  const poll = async () => {
    try {
      const res = await fetch(`${base}/api/boards/${client.board.id}`, {
        headers: {
          authorization: `Bearer ${client.board.token}`,
          ...(client.etag ? { 'if-none-match': client.etag } : {}),
        },
      });
      await res.arrayBuffer();
      counts.polls++;
      if (res.status === 304) counts.notModified++;
      else if (res.status === 200) client.etag = res.headers.get('etag');
      else fail(`poll answered ${res.status}`);
    } catch (err) {
      fail(`poll: ${reason(err)}`);
    }
  };
  timers.push(setTimeout(() => timers.push(setInterval(poll, POLL_EVERY_MS)), (i * POLL_EVERY_MS) / CLIENTS));
});

console.log(`Running for ${MINUTES} min (warm-up ${Math.round(WARMUP_MS / 1000)} s)...`);
await new Promise((r) => setTimeout(r, WARMUP_MS));
const warm = await sample('warm');
while (Date.now() < end) {
  await new Promise((r) => setTimeout(r, Math.min(60_000, end - Date.now())));
  await sample(Date.now() >= end ? 'end' : 'running');
}
timers.forEach((t) => clearInterval(t));
await new Promise((r) => setTimeout(r, 2000));
const last = await sample('end');

stopping = true;
sockets.forEach(({ socket }) => socket.close());
server.kill('SIGTERM');
const exit = await new Promise((resolve) => server.once('exit', (code) => resolve(code)));
rmSync(dataDir, { recursive: true, force: true });

const growth = (last.rssMb - warm.rssMb) / warm.rssMb;
const report = {
  minutes: MINUTES,
  clients: CLIENTS,
  boards: BOARDS,
  ...counts,
  events,
  versionGaps: gaps,
  failures: failures.length,
  rssWarmMb: Math.round(warm.rssMb),
  rssEndMb: Math.round(last.rssMb),
  rssGrowthPercent: Math.round(growth * 1000) / 10,
  handlesWarm: warm.handles,
  handlesEnd: last.handles,
  timersWarm: warm.timers,
  timersEnd: last.timers,
  serverExit: exit,
};
console.log(JSON.stringify(report, null, 2));
const problems = [
  failures.length > 0 && `${failures.length} failures`,
  growth > 0.1 && `RSS grew ${report.rssGrowthPercent}% after warm-up (limit 10%)`,
  last.handles > warm.handles * 1.1 + 10 && `handles grew from ${warm.handles} to ${last.handles}`,
  last.timers > warm.timers * 1.1 + 10 && `timers grew from ${warm.timers} to ${last.timers}`,
  exit !== 0 && `server exited ${exit} on SIGTERM`,
].filter(Boolean);
console.log(problems.length ? `SOAK FAILED: ${problems.join('; ')}` : 'Soak passed');
process.exit(problems.length ? 1 : 0);
