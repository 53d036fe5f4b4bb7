import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { TablesRelationalConfig } from 'drizzle-orm';
import type { PgDialect, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';

type Schema = Record<string, unknown>;
type Tx = NodePgTransaction<Schema, TablesRelationalConfig>;

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
      await run(sql`begin`);
      try {
        const result = await work(tx);
        await run(sql`commit`);
        return result;
      } catch (err) {
        if (!broken) await run(sql`rollback`).catch(() => undefined);
        throw err;
      }
    } finally {
      client.release(broken);
    }
  };
}
