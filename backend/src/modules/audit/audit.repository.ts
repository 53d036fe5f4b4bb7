import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor, Transaction } from '../../database/database';
import { auditLog } from '../../database/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<AuditRow, 'seq'>;

/**
 * One key for every writer of the chain, on every instance: pg_advisory_xact_lock holds it until
 * the writing transaction ends (docs/decisions.md, "The audit log's hash chain").
 */
const CHAIN_LOCK_KEY = 7071967;

export interface AuditFilter {
  action?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
  before?: number;
}

/** The audit log's SQL (docs/security.md, "Audit log"). */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Appends the row `build` makes from the last row's hash. In a transaction, the chain's lock is
   * held until that transaction ends; given the database, the row gets a transaction of its own.
   */
  async append(dbOrTx: Executor, build: (prevHash: string | null) => NewAuditRow): Promise<void> {
    const write = async (tx: Executor) => {
      const row = build(await this.lockAndReadLastHash(tx));
      await tx.insert(auditLog).values(row);
    };
    if (dbOrTx instanceof PgTransaction) return write(dbOrTx as Transaction);
    await dbOrTx.transaction(write);
  }

  /**
   * Takes the chain's lock for the rest of `tx`, then reads the last row's hash: no other writer
   * can read the same one before this transaction has committed or rolled back.
   */
  private async lockAndReadLastHash(tx: Executor): Promise<string | null> {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(1);
    return last?.hash ?? null;
  }

  /** Newest first, `limit` rows older than `before` (a `seq`) matching the filter. */
  page(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(and(...conditions(filter)))
      .orderBy(desc(auditLog.seq))
      .limit(limit);
  }

  /** Oldest first, the `limit` rows after `afterSeq`: verification and the export walk the log with it. */
  batchAfter(afterSeq: number, limit: number, filter: AuditFilter = {}): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.seq, afterSeq), ...conditions(filter)))
      .orderBy(asc(auditLog.seq))
      .limit(limit);
  }

  /**
   * Deletes the oldest rows, up to the last one written before `cutoff`: always a prefix of the
   * chain (clocks of several instances may disagree by a little, `seq` never does), so what is kept
   * still links row to row. Answers how many went.
   */
  async deletePrefixBefore(cutoff: Date): Promise<number> {
    const last = sql`(select max(${auditLog.seq}) from ${auditLog} where ${auditLog.at} < ${cutoff})`;
    const gone = await this.db.delete(auditLog).where(lte(auditLog.seq, last)).returning({ id: auditLog.id });
    return gone.length;
  }
}

function conditions(f: AuditFilter): SQL[] {
  const list: SQL[] = [];
  if (f.action) list.push(eq(auditLog.action, f.action));
  if (f.actorId) list.push(eq(auditLog.actorId, f.actorId));
  if (f.from) list.push(gte(auditLog.at, f.from));
  if (f.to) list.push(lte(auditLog.at, f.to));
  if (f.before !== undefined) list.push(lt(auditLog.seq, f.before));
  return list;
}
