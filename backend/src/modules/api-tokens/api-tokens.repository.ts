import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { apiTokens, boardMembers, users } from '../../database/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type AdminApiTokenRow = ApiTokenRow & { owner: { id: string; name: string; email: string } };

/** Built once: every request made with a token runs it (AuthGuard). */
function prepareFindLive(db: Database) {
  return db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      boardIds: apiTokens.boardIds,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: {
        id: users.id,
        role: users.role,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('hash')),
        // The database's clock decides expiry, as it does for every other deadline.
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    )
    .prepare('api_tokens_find_live');
}

/** Personal API tokens, kept as hashes (docs/api.md, "Personal API tokens"). */
@Injectable()
export class ApiTokensRepository {
  private readonly findLiveQuery: ReturnType<typeof prepareFindLive>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.findLiveQuery = prepareFindLive(db);
  }

  async insert(values: typeof apiTokens.$inferInsert, tx: Executor = this.db): Promise<ApiTokenRow> {
    const [row] = await tx.insert(apiTokens).values(values).returning();
    return row;
  }

  /** The unexpired token with this hash and its owner, or nothing. */
  async findLive(hash: string) {
    const [row] = await this.findLiveQuery.execute({ hash });
    return row;
  }

  /** Refreshes lastUsedAt at most once per `olderThan` window, so reads don't become writes. */
  async touch(id: string, olderThan: Date): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date() })
      .where(
        and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, olderThan))),
      );
  }

  forUser(userId: string): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(desc(apiTokens.createdAt))
      .limit(500);
  }

  /** Every token with its owner, newest first (the admin console). */
  all(limit: number): Promise<AdminApiTokenRow[]> {
    return this.db
      .select({
        id: apiTokens.id,
        userId: apiTokens.userId,
        name: apiTokens.name,
        tokenHash: apiTokens.tokenHash,
        scopes: apiTokens.scopes,
        boardIds: apiTokens.boardIds,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        createdAt: apiTokens.createdAt,
        owner: { id: users.id, name: users.name, email: users.email },
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .orderBy(desc(apiTokens.createdAt))
      .limit(limit);
  }

  /** Deletes a token (of `userId` only, when given); answers whether one went. */
  async delete(id: string, userId?: string, tx: Executor = this.db): Promise<{ userId: string } | undefined> {
    const [row] = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, id), userId ? eq(apiTokens.userId, userId) : undefined))
      .returning({ userId: apiTokens.userId });
    return row;
  }

  /** Deletes every token of the user; answers their ids (their open streams end, docs/security.md section 14). */
  async deleteAllOf(userId: string, tx: Executor): Promise<string[]> {
    const rows = await tx
      .delete(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .returning({ id: apiTokens.id });
    return rows.map((r) => r.id);
  }

  /** Which of `boardIds` the user is a member of (owners are members). */
  async memberBoards(userId: string, boardIds: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: boardMembers.boardId })
      .from(boardMembers)
      .where(and(eq(boardMembers.userId, userId), inArray(boardMembers.boardId, boardIds)));
    return new Set(rows.map((r) => r.id));
  }
}
