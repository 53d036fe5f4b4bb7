import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { idempotencyKeys } from '../../database/schema';

/** Who sent the key where: one key is scoped to its user, method and path. */
export interface IdempotencyScope {
  userId: string;
  method: string;
  path: string;
  key: string;
}

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const matches = (s: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.userId, s.userId),
    eq(idempotencyKeys.method, s.method),
    eq(idempotencyKeys.path, s.path),
    eq(idempotencyKeys.key, s.key),
  );

@Injectable()
export class IdempotencyRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Takes the key for the request `claimId`; false when another request already holds it. */
  async claim(scope: IdempotencyScope, requestHash: string, claimId: string): Promise<boolean> {
    const rows = await this.db
      .insert(idempotencyKeys)
      .values({ ...scope, requestHash, claimId })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  }

  async find(scope: IdempotencyScope): Promise<IdempotencyRow | undefined> {
    const [row] = await this.db.select().from(idempotencyKeys).where(matches(scope));
    return row;
  }

  /**
   * Stores the answer of the request that holds the key — also inside the transaction of the
   * change itself (`tx`), so a change that committed is never run again by a retry.
   */
  async complete(
    scope: IdempotencyScope,
    claimId: string,
    status: number,
    body: string | null,
    tx: Executor = this.db,
  ): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ status, body, completedAt: new Date() })
      .where(and(matches(scope), eq(idempotencyKeys.claimId, claimId)));
  }

  /**
   * Forgets the claim of a request that failed (or whose claim may or may not have been stored),
   * so a retry runs again; a claim taken over by another request is left alone.
   */
  async release(scope: IdempotencyScope, claimId: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(matches(scope), eq(idempotencyKeys.claimId, claimId), isNull(idempotencyKeys.status)));
  }

  /**
   * Drops one expired or abandoned row — only the one that was read, not a newer claim
   * (the database keeps microseconds, the Date we read milliseconds).
   */
  async drop(scope: IdempotencyScope, createdAt: Date): Promise<void> {
    const readUpTo = new Date(createdAt.getTime() + 1);
    await this.db.delete(idempotencyKeys).where(and(matches(scope), lt(idempotencyKeys.createdAt, readUpTo)));
  }

  /** Deletes every answer older than the time to live; answers how many. */
  async purge(ttlMs: number): Promise<number> {
    const cutoff = new Date(Date.now() - ttlMs);
    const rows = await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .returning({ key: idempotencyKeys.key });
    return rows.length;
  }
}
