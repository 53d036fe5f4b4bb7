import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { loginSessions, users } from '../../database/schema';

export type LoginSessionRow = typeof loginSessions.$inferSelect;

@Injectable()
export class SessionsRepository {
  /** Built once: every authenticated request runs it (AuthGuard), so drizzle skips rebuilding the SQL. */
  private readonly findLiveQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.findLiveQuery = db
      .select({
        lastUsedAt: loginSessions.lastUsedAt,
        user: {
          id: users.id,
          role: users.role,
          name: users.name,
          email: users.email,
          emailVerified: users.emailVerified,
        },
      })
      .from(loginSessions)
      .innerJoin(users, eq(users.id, loginSessions.userId))
      .where(
        and(
          eq(loginSessions.id, sql.placeholder('sessionId')),
          eq(loginSessions.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('sessions_find_live');
  }

  async insert(values: typeof loginSessions.$inferInsert, tx: Executor = this.db): Promise<LoginSessionRow> {
    const [row] = await tx.insert(loginSessions).values(values).returning();
    return row;
  }

  /** The live session of a token together with its user, or nothing when either is gone. */
  async findLive(sessionId: string, userId: string) {
    const [row] = await this.findLiveQuery.execute({ sessionId, userId });
    return row;
  }

  /** Refreshes lastUsed at most once per `olderThan` window, so reads don't become writes. */
  async touch(sessionId: string, olderThan: Date): Promise<void> {
    await this.db
      .update(loginSessions)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(loginSessions.id, sessionId), lt(loginSessions.lastUsedAt, olderThan)));
  }

  async forUser(userId: string): Promise<LoginSessionRow[]> {
    return this.db
      .select()
      .from(loginSessions)
      .where(eq(loginSessions.userId, userId))
      .orderBy(desc(loginSessions.lastUsedAt))
      .limit(200);
  }

  async deleteOwn(userId: string, sessionId: string, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .delete(loginSessions)
      .where(and(eq(loginSessions.id, sessionId), eq(loginSessions.userId, userId)))
      .returning({ id: loginSessions.id });
    return rows.length > 0;
  }

  /** Ends every session of the user (a password reset, a Google takeover, the admin seeder). */
  async deleteAll(userId: string, tx: Executor = this.db): Promise<void> {
    await tx.delete(loginSessions).where(eq(loginSessions.userId, userId));
  }

  /** Ends every session of the user but `keep` (after a password change). */
  async deleteOthers(userId: string, keep: string, tx: Executor = this.db): Promise<void> {
    await tx.delete(loginSessions).where(and(eq(loginSessions.userId, userId), ne(loginSessions.id, keep)));
  }
}
