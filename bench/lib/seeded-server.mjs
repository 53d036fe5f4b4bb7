// @ts-check
// The server the single-instance measurements run against, with the benchmark board in it:
// embedded PGlite in a temporary DATA_DIR, or a temporary database on BENCH_DATABASE_URL's server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from './http.mjs';
import { copyMigratedPglite, pruneTemplates } from './pglite-template.mjs';
import { createTempDatabase, findPostgres } from './postgres.mjs';
import { insertCards, seedPeopleAndBoard, verifyBoard } from './seed.mjs';
import { startServer } from './server.mjs';
import { now, round, sleep } from './stats.mjs';

/**
 * The stores a run measures, in this order: embedded PGlite, then the PostgreSQL server
 * (BENCH_DATABASE_URL, else a local one) when one answers. `--stores=` picks some of them.
 * @param {string | undefined} wanted comma-separated store names
 */
export async function findStores(wanted) {
  const asked = wanted ? wanted.split(',') : ['pglite', 'postgres'];
  const unknown = asked.filter((s) => s !== 'pglite' && s !== 'postgres');
  if (unknown.length) throw new Error(`--stores: unknown store ${unknown.join(', ')} (pglite, postgres)`);
  const postgres = asked.includes('postgres') ? await findPostgres() : null;
  if (wanted?.includes('postgres') && !postgres)
    throw new Error('--stores=postgres: no PostgreSQL server answers');
  /** @type {import('./report.mjs').Store[]} */
  const stores = [];
  if (asked.includes('pglite')) stores.push('pglite');
  if (postgres) stores.push('postgres');
  const note =
    asked.includes('postgres') && !postgres
      ? 'No PostgreSQL server answered (BENCH_DATABASE_URL or 127.0.0.1:5432): PGlite only.'
      : null;
  return { stores, postgres, note };
}

/**
 * @param {{ size: import('./context.mjs').Size, jwtSecret: string, cpuProfDir: string | null, postgresUrl: string | null }} options
 */
export async function startSeededServer(options) {
  const { size } = options;
  const database = options.postgresUrl ? await createTempDatabase(options.postgresUrl) : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'papan-bench-'));
  const serverOptions = {
    dataDir,
    databaseUrl: database?.url ?? null,
    jwtSecret: options.jwtSecret,
    cpuProfDir: options.cpuProfDir,
  };
  const cleanUp = async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (!database) {
    pruneTemplates();
    await copyMigratedPglite(dataDir);
  }
  let server = await startServer(serverOptions).catch(async (err) => {
    await cleanUp();
    throw err;
  });
  let http = new HttpClient(server.url);
  try {
    const seedStart = now();
    const board = await seedPeopleAndBoard(http, size);
    const apiSeconds = (now() - seedStart) / 1000;
    // The server stops while the cards are written, then starts again: PGlite belongs to one
    // process, and the server keeps board versions in memory, which writes behind its back skip.
    http.close();
    await server.stop();
    await insertCards(
      { databaseUrl: serverOptions.databaseUrl, dataDir },
      {
        boardId: board.boardId,
        ownerId: board.owner.login._id,
        listIds: board.lists.map((l) => l._id),
        labelIds: board.labelIds,
        perList: size.perList,
      },
    );
    server = await startServer(serverOptions);
    http = new HttpClient(server.url);
    const seedSeconds = (now() - seedStart) / 1000;
    const seedPhases = {
      apiSeconds: round(apiSeconds, 1),
      restOfSeedingSeconds: round(seedSeconds - apiSeconds, 1),
    };
    await sleep(2000);
    const idleRssMb = server.rssMb();
    await verifyBoard(http, board.boardId, board.owner.token, size);
    const running = server;
    const client = http;
    return {
      server: running,
      http: client,
      board,
      seedSeconds,
      seedPhases,
      idleRssMb,
      async stop() {
        client.close();
        await running.stop();
        await cleanUp();
      },
    };
  } catch (err) {
    http.close();
    await server.stop();
    await cleanUp();
    throw err;
  }
}
