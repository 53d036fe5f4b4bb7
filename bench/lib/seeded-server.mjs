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

/** Which database a run uses, for the results. */
export async function describeDatabase() {
  const pg = process.env.BENCH_DATABASE_URL ? await findPostgres() : null;
  return pg
    ? { kind: 'postgres', version: pg.version, url: pg.url }
    : { kind: 'pglite (embedded)', url: null };
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
    // PGlite belongs to one process: the server stops while the cards are written, then starts again.
    if (!database) {
      http.close();
      await server.stop();
    }
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
    if (!database) {
      server = await startServer(serverOptions);
      http = new HttpClient(server.url);
    }
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
