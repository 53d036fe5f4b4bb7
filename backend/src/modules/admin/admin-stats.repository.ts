import { Inject, Injectable } from '@nestjs/common';
import { gte, sql } from 'drizzle-orm';
import type { AdminStats } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { boards, cards, lists, users } from '../../database/schema';

@Injectable()
export class AdminStatsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The four dashboard counts in one statement; deleted (archived) cards do not count. */
  async counts(): Promise<AdminStats> {
    // Both drivers answer raw statements with `rows`; the column types are fixed by the casts.
    const result = (await this.db.execute(sql`
      select
        (select count(*) from ${users})::int as "userCount",
        (select count(*) from ${boards})::int as "boardCount",
        (select count(*) from ${lists})::int as "listCount",
        (select count(*) from ${cards} where ${cards.isArchived} = false)::int as "cardCount"`)) as unknown as {
      rows: AdminStats[];
    };
    const row = result.rows[0];
    return {
      userCount: Number(row.userCount),
      boardCount: Number(row.boardCount),
      listCount: Number(row.listCount),
      cardCount: Number(row.cardCount),
    };
  }

  /**
   * Accounts created in each [start, end) window, in one statement over the created_at index.
   * The windows come from the caller, so the database's own time zone plays no part.
   */
  async usersCreatedIn(windows: { start: Date; end: Date }[]): Promise<number[]> {
    if (!windows.length) return [];
    const columns = Object.fromEntries(
      windows.map((w, i) => [
        `w${i}`,
        sql<number>`(count(*) filter (where ${users.createdAt} >= ${iso(w.start)} and ${users.createdAt} < ${iso(w.end)}))::int`,
      ]),
    );
    const [row] = await this.db.select(columns).from(users).where(gte(users.createdAt, windows[0].start));
    return windows.map((_, i) => Number(row?.[`w${i}`] ?? 0));
  }
}

/** Sent as text with its offset, so both drivers hand PostgreSQL the same instant. */
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
