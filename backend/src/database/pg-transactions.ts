import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { TablesRelationalConfig } from 'drizzle-orm';
import type { PgDialect, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';

type Schema = Record<string, unknown>;
type Tx = NodePgTransaction<Schema, TablesRelationalConfig>;

/** A statement left in flight failed, so the server rolled the transaction back at COMMIT. */
export const ROLLED_BACK = 'The transaction was rolled back: one of its statements failed';

/** The fields of drizzle's node-postgres session this needs (private in its typings). */
interface SessionParts {
  client: Pool;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession<Schema, TablesRelationalConfig>>[2];
  options: ConstructorParameters<typeof NodePgSession<Schema, TablesRelationalConfig>>[3];
  transaction: <T>(work: (tx: Tx) => Promise<T>, config?: PgTransactionConfig) => Promise<T>;
}

/**
 * drizzle-orm's node-postgres `transaction` (0.45) takes a client from the pool and sends BEGIN
 * before its try/finally: a BEGIN that fails — the connection died while idle in the pool, or the
 * server went away at that instant — never gives the client back. The pool is one client short for
 * good, and `pool.end()` never finishes (CI hung on exactly this in the PostgreSQL outage test;
 * upstream: drizzle-team/drizzle-orm#6023, #6114).
 *
 * This puts the same steps (BEGIN, work, COMMIT, or ROLLBACK on failure) in place of it on the
 * database's session, with every path giving the client back; a client whose BEGIN, COMMIT or
 * ROLLBACK failed is handed back with that error, so the pool destroys it instead of reusing it.
 *
 * The pool's clients pipeline (`pipeline: true`): BEGIN goes out with the work's first statements
 * instead of a round trip ahead of them, and the work may leave its last statement in flight so
 * that COMMIT follows it at once. The server still runs them one after another; a statement that
 * fails aborts the transaction, and the COMMIT behind it then answers ROLLBACK, which fails here.
 */
export function releaseClientsOnFailure(db: { _: { session: unknown } }): void {
  const session = db._.session as SessionParts;
  const { client: pool, dialect, schema, options } = session;
  session.transaction = async <T>(work: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    // Papan sets no isolation level or access mode; refusing beats silently ignoring one.
    if (config) throw new Error('Transaction options are not supported on this database');
    const client = await pool.connect();
    const tx: Tx = new NodePgTransaction(
      dialect,
      new NodePgSession(client, dialect, schema, options),
      schema,
    );
    let broken: Error | undefined;
    const run = (statement: Parameters<typeof tx.execute>[0]) =>
      tx.execute(statement).catch((err: Error) => {
        broken = err;
        throw err;
      });
    try {
      const begun = run(sql`begin`);
      begun.catch(() => undefined); // awaited below; a failed BEGIN also fails the work's statements
      try {
        const result = await work(tx);
        await begun;
        const committed = await run(sql`commit`);
        if (committed.command === 'ROLLBACK') throw new Error(ROLLED_BACK);
        return result;
      } catch (err) {
        await begun.catch(() => undefined);
        if (!broken) await run(sql`rollback`).catch(() => undefined);
        throw err;
      }
    } finally {
      client.release(broken);
    }
  };
}

/**
 * Pipelined statements go out in one write: each query writes its own messages (one `writev`), and
 * a transaction's BEGIN, lock and first read, or its last write and COMMIT, are issued together.
 * The client's socket is corked at its first query and uncorked once the promise jobs running now
 * have settled (a tick queued from a promise job runs after the whole queue), so nothing waits for
 * I/O or a timer. On this machine a `writev` to PostgreSQL costs ~0.1–0.2 ms: it wakes the server.
 */
export function coalesceWrites(client: PoolClient): void {
  const { stream } = (client as unknown as { connection: { stream: NodeJS.WritableStream & Corkable } })
    .connection;
  const query = client.query;
  let corked = false;
  const flush = () => {
    corked = false;
    stream.uncork();
  };
  client.query = function (this: PoolClient, ...args: unknown[]) {
    if (!corked) {
      corked = true;
      stream.cork();
      queueMicrotask(() => process.nextTick(flush));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as PoolClient['query'];
}

interface Corkable {
  cork(): void;
  uncork(): void;
}
