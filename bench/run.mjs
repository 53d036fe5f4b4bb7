// @ts-check
// `npm run bench [-- --quick] [-- --no-build] [-- --profile] [-- --only=polls,moves] [-- --stores=pglite]`
// Builds if needed; for each store (embedded PGlite, then the PostgreSQL server) starts the built
// server, seeds the 20 × 100-card board and runs every measurement of bench/README.md; writes
// bench/results/<name>.<store>.json, summary.md and one table with a verdict per store. See README.md.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from './lib/build.mjs';
import { sizeFor } from './lib/context.mjs';
import { STORE_NAMES, loadAverage, table, writeResults } from './lib/report.mjs';
import { findStores, startSeededServer } from './lib/seeded-server.mjs';
import { watchPeak } from './lib/server.mjs';
import { now, round } from './lib/stats.mjs';
import { measureAttachments } from './measurements/attachments.mjs';
import { measureImport } from './measurements/import.mjs';
import { measureInsights } from './measurements/insights.mjs';
import { measureBoardJoin } from './measurements/board-join.mjs';
import { measureBoardRead } from './measurements/board-read.mjs';
import { measureBrowser } from './measurements/browser.mjs';
import { measureCapacity } from './measurements/capacity.mjs';
import { measureCrossInstance } from './measurements/cross-instance.mjs';
import { measureFanOut } from './measurements/fan-out.mjs';
import { measureFirstScreenJs } from './measurements/first-screen-js.mjs';
import { measureFirstStart } from './measurements/first-start.mjs';
import { measureLiveFeeds } from './measurements/live-feeds.mjs';
import { measureCatchUp } from './measurements/catch-up.mjs';
import { measureMoves } from './measurements/moves.mjs';
import { measurePolls } from './measurements/polls.mjs';
import { measureRules } from './measurements/rules.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    only: { type: 'string' },
    stores: { type: 'string' },
    out: { type: 'string' },
  },
});
const quick = !!args.quick;
const size = sizeFor(quick);
const only = args.only ? new Set(args.only.split(',')) : null;
const wanted = (/** @type {string} */ name) => !only || only.has(name);
/** Measurements made on one seeded server (the others start their own or need none). */
const ON_ONE_SERVER = [
  'board-read',
  'board-join',
  'polls',
  'moves',
  'catch-up',
  'fan-out',
  'live-feeds',
  'browser',
  'memory',
  'attachments',
  'import',
  'insights',
  'rules',
];
const resultsDir = args.out ?? join(import.meta.dirname, 'results', ...(quick ? ['quick'] : []));
const loadAtStart = loadAverage();
const startedAt = new Date().toISOString();
const started = now();
/** @type {import('./lib/report.mjs').Result[]} */
const results = [];
/** @type {string[]} */
const notes = [];

/**
 * Runs one measurement; a failure becomes an error row instead of ending the run.
 * @param {string} name
 * @param {() => Promise<import('./lib/report.mjs').Result> | import('./lib/report.mjs').Result} measure
 * @param {import('./lib/report.mjs').Store} [store]
 */
async function run(name, measure, store) {
  if (!wanted(name)) return;
  console.log(`- ${name}${store ? ` (${STORE_NAMES[store]})` : ''}...`);
  const before = loadAverage();
  const t0 = now();
  try {
    const result = await measure();
    results.push({
      ...result,
      store,
      loadAverage: { before, after: loadAverage() },
      seconds: round((now() - t0) / 1000, 1),
    });
  } catch (err) {
    console.error(`  ${name} failed: ${err instanceof Error ? err.stack : err}`);
    results.push({
      name,
      store,
      figures: [],
      error: String(err instanceof Error ? err.message : err),
      loadAverage: { before, after: loadAverage() },
    });
  }
}

if (!args['no-build']) buildIfNeeded();

const jwtSecret = randomBytes(32).toString('hex');
const { stores, postgres, note: storesNote } = await findStores(args.stores);
if (storesNote) notes.push(storesNote);
const cpuProfDir = args.profile ? join(import.meta.dirname, 'results', 'tmp', `profile-${Date.now()}`) : null;
if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
console.log(
  `Papan benchmark (${quick ? 'quick' : 'full'}), stores: ${stores.map((s) => STORE_NAMES[s]).join(', ')}`,
);

for (const store of ON_ONE_SERVER.some(wanted) ? stores : []) {
  const postgresUrl = store === 'postgres' ? (postgres?.url ?? null) : null;
  const seeded = await startSeededServer({ size, jwtSecret, cpuProfDir, postgresUrl });
  try {
    notes.push(
      `${STORE_NAMES[store]}: seeded ${size.cards} cards in ${round(seeded.seedSeconds, 1)} s: people, board, labels and lists through the API (${seeded.seedPhases.apiSeconds} s); cards, card labels, checklists and items straight into the database with the server stopped (${seeded.seedPhases.restOfSeedingSeconds} s).`,
    );
    const { server } = seeded;
    const peak = watchPeak(server.rssMb);
    const ctx = { server, http: seeded.http, board: seeded.board, size, jwtSecret, profileDir: cpuProfDir };
    await run('board-read', () => measureBoardRead(ctx), store);
    await run('board-join', () => measureBoardJoin(ctx), store);
    await run('polls', () => measurePolls(ctx), store);
    await run('moves', () => measureMoves(ctx), store);
    await run('catch-up', () => measureCatchUp(ctx), store);
    await run('fan-out', () => measureFanOut(ctx), store);
    await run('live-feeds', () => measureLiveFeeds(ctx), store);
    await run('browser', () => measureBrowser(ctx), store);
    peak.stop();
    await run('memory', () => memoryResult(seeded.idleRssMb, peak.peak(), server.rssMb()), store);
    // After the memory row: its uploads are not part of the board load above.
    await run('attachments', () => measureAttachments(ctx), store);
    await run('import', () => measureImport(ctx), store);
    await run('insights', () => measureInsights(ctx), store);
    await run('rules', () => measureRules(ctx), store);
  } finally {
    await seeded.stop();
  }
}
if (stores.includes('pglite'))
  await run('first-start', () => measureFirstStart({ jwtSecret, quick }), 'pglite');
await run('cross-instance', () => measureCrossInstance({ size, jwtSecret }), 'postgres');
// Minutes of sockets stepped up over several servers: only when asked for (--only=capacity).
if (only?.has('capacity')) await run('capacity', () => measureCapacity({ quick, jwtSecret }), 'postgres');
await run('first-screen-js', () => measureFirstScreenJs());

const seconds = (now() - started) / 1000;
if (cpuProfDir)
  notes.push(`CPU profiles of the server (and of the browser's filter keystrokes): ${cpuProfDir}`);
for (const r of results.filter((r) => r.error)) notes.push(`${r.name} failed: ${r.error}`);
writeResults(resultsDir, results, {
  quick,
  databases: Object.fromEntries(
    stores.map((s) => [
      s,
      s === 'postgres' ? { kind: 'postgres', version: postgres?.version } : { kind: 'pglite' },
    ]),
  ),
  startedAt,
  loadAtStart,
  seconds,
  notes,
});
console.log(`\n${table(results)}\n\nResults in ${resultsDir} (${Math.round(seconds)} s).`);
process.exit(results.some((r) => r.error) ? 1 : 0);

/** @param {number} idle @param {number} peak @param {number} after */
function memoryResult(idle, peak, after) {
  return {
    name: 'memory',
    figures: [
      {
        id: 'memory.idle',
        label: 'Server RSS, idle (seeded, before any load)',
        value: round(idle, 0),
        unit: 'MB',
      },
      {
        id: 'memory.load',
        label: 'Server RSS, highest under the load above',
        value: round(peak, 0),
        unit: 'MB',
      },
      { id: 'memory.after', label: 'Server RSS after the load', value: round(after, 0), unit: 'MB' },
    ],
    details: { sampledEveryMs: 200 },
  };
}
