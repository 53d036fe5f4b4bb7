import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
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

  /** Takes the key for this request; false when another request already holds it. */
  async claim(scope: IdempotencyScope, requestHash: string): Promise<boolean> {
    const rows = await this.db
      .insert(idempotencyKeys)
      .values({ ...scope, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  }

  async find(scope: IdempotencyScope): Promise<IdempotencyRow | undefined> {
    const [row] = await this.db.select().from(idempotencyKeys).where(matches(scope));
    return row;
  }

  async complete(scope: IdempotencyScope, status: number, body: string | null): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status, body, completedAt: new Date() })
      .where(matches(scope));
  }

  /** Forgets a key whose request failed, so a retry runs again. */
  async release(scope: IdempotencyScope): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(matches(scope), isNull(idempotencyKeys.status)));
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
