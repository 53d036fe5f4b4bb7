import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { rateLimits } from '../../database/schema';

/** A key's count in its current window, and how long until the window ends. */
export interface WindowCount {
  points: number;
  msLeft: number;
}

const msLeft =
  sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.expiresAt} - now())) * 1000))`.mapWith(
    Number,
  );

@Injectable()
export class RateLimitsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Adds `points` to the key in one statement (so two instances counting at once both count):
   * a key past its window starts a new one of `windowSeconds`. Answers the count after adding.
   */
  async add(key: string, points: number, windowSeconds: number): Promise<WindowCount> {
    const newWindowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, points, expiresAt: newWindowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          points: sql`case when ${rateLimits.expiresAt} <= now() then excluded.points
                      else ${rateLimits.points} + excluded.points end`,
          expiresAt: sql`case when ${rateLimits.expiresAt} <= now() then excluded.expires_at
                         else ${rateLimits.expiresAt} end`,
        },
      })
      .returning({ points: rateLimits.points, msLeft });
    return row;
  }

  /** Takes `points` back from the key's current window, never below 0; an ended window stays ended. */
  async refund(key: string, points: number): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ points: sql`greatest(0, ${rateLimits.points} - ${points})` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, sql`now()`)));
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Deletes the rows whose window has ended; answers how many. */
  async purge(): Promise<number> {
    const rows = await this.db
      .delete(rateLimits)
      .where(lte(rateLimits.expiresAt, sql`now()`))
      .returning({ key: rateLimits.key });
    return rows.length;
  }
}
