import { join, resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteConnection } from './pglite-connection';
import { DRIZZLE_PARSERS } from './pglite-parsers';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { Client, Pool } from 'pg';
import * as schema from './schema';
import { DataDirLock } from './data-dir-lock';
import { keepPrepared } from './pg-prepared';
import { seedFromTemplate } from './pglite-template';
import { coalesceWrites, releaseClientsOnFailure } from './pg-transactions';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Transaction;

export const MIGRATIONS_FOLDER = resolve(__dirname, '../../drizzle');

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string | null;
  /** A PGlite data-dir dump (tar) to start from: tests copy one migrated database per file. */
  pgliteTemplate?: string | null;
}

/** Counts the SQL statements the application sends; tests use it to keep reads constant. */
export class QueryCounter {
  count = 0;
  logQuery(): void {
    this.count++;
  }
}

/** Connections of the PostgreSQL pool, for the metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  /**
   * Background work's own connections (the rule runner): on PostgreSQL a second pool of
   * BACKGROUND_POOL_SIZE, so its statements never queue behind the requests' (docs/automation.md,
   * "The runner"); the same client as `db` on the embedded database.
   */
  background: Database;
  kind: 'pglite' | 'postgres';
  counter: QueryCounter;
  /** The pool's connections on PostgreSQL; null for the embedded database (one in-process client). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

/**
 * When the server is down or unreachable, requests must fail fast (503) rather than hang: a
 * connection attempt gives up after 2 s, a statement after 15 s on the server (and the client stops
 * waiting 5 s later), dead peers are noticed by TCP keep-alive. The pool reconnects by itself: a
 * broken connection is dropped and the next request opens a new one.
 */
export const POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMillis: 2_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
  statement_timeout: 15_000,
  query_timeout: 20_000,
  // No JIT compilation: Papan's statements are short, and compiling one costs more than running it.
  // A statement with correlated look-ups looks expensive on paper and got compiled: the insights
  // of a year took 900 ms instead of 94 (docs/decisions.md, "The card history is written by triggers").
  options: '-c jit=off',
  // Statements go out without waiting for the answer of the one before (see pg-transactions.ts).
  pipeline: true,
} as const;

/** Connections of the background pool (PostgreSQL). */
export const BACKGROUND_POOL_SIZE = 2;

function openPool(databaseUrl: string, max: number, counter: QueryCounter): { pool: Pool; db: Database } {
  const pool = new Pool({ connectionString: databaseUrl, ...POOL_SETTINGS, max });
  // A connection the server drops fails its query; it must never crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    coalesceWrites(client);
    keepPrepared(client);
  });
  const db = drizzlePg(pool, { schema, logger: counter }) as unknown as Database;
  releaseClientsOnFailure(db);
  return { pool, db };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const counter = new QueryCounter();
  if (options.databaseUrl) {
    const { pool, db } = openPool(options.databaseUrl, POOL_SETTINGS.max, counter);
    const background = openPool(options.databaseUrl, BACKGROUND_POOL_SIZE, counter);
    await migrateWithLock(options.databaseUrl);
    return {
      db,
      background: background.db,
      kind: 'postgres',
      counter,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([pool.end(), background.pool.end()]);
      },
    };
  }
  const lock = options.dataDir ? DataDirLock.acquire(options.dataDir) : null;
  try {
    const loadDataDir = options.pgliteTemplate
      ? new Blob([new Uint8Array(await readFile(options.pgliteTemplate))])
      : undefined;
    const pgdata = options.dataDir ? join(options.dataDir, 'pgdata') : undefined;
    // An empty DATA_DIR starts from the build's migrated copy rather than PGlite's initdb.
    if (pgdata && !loadDataDir) seedFromTemplate(pgdata);
    const client = await PGlite.create(pgdata, {
      loadDataDir,
      // PostgreSQL's default 128 MB of shared buffers lives inside the server's own memory here
      // (WASM); 16 MB keeps an idle server ~110 MB smaller, and the files stay in the OS's page cache.
      postgresqlconf: ['shared_buffers=16MB'],
      parsers: DRIZZLE_PARSERS,
    });
    const db = drizzlePglite(pgliteConnection(client), { schema, logger: counter }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      background: db,
      kind: 'pglite',
      counter,
      poolStats: () => null,
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * Several instances may start together on one server: one migrates while the others wait. Its own
 * connection, without the pool's timeouts: waiting for another instance's migration is expected.
 */
async function migrateWithLock(databaseUrl: string): Promise<void> {
  const conn = new Client({ connectionString: databaseUrl });
  await conn.connect();
  try {
    await conn.query('select pg_advisory_lock(7071966)');
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await conn.query('select pg_advisory_unlock(7071966)').catch(() => undefined);
    await conn.end();
  }
}

/** PostgreSQL error code of a failed statement, looking through Drizzle's wrapper. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** Socket errors meaning the database server cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is going away, starting, full, or that cancelled a statement that ran too long. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** node-postgres's own messages for a connection it lost or could not make in time. */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection terminated due to connection timeout/i;

/**
 * Whether an error means the database is unavailable (not that the statement was wrong): the
 * exception filter answers 503 for these. Looks through Drizzle's wrapper and AggregateErrors.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || e.code.startsWith('08'))
      return true;
  }
  if (typeof e.message === 'string' && PG_CONNECTION_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
