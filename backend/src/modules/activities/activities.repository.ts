import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ActionType, Activity, ActivityTemplate } from '@papan/shared';
import type { ActivityText } from '../../common/html';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { activities, boardMembers, boards, users } from '../../database/schema';

export interface NewActivity extends ActivityText {
  boardId: string;
  userId: string | null;
  actionType: ActionType;
  /** A change made by a rule (docs/automation.md). */
  rule?: { _id: string; name: string } | null;
}

interface ActivityRow {
  id: string;
  actionType: string;
  boardId: string;
  boardTitle: string;
  description: string;
  template: string | null;
  params: Record<string, string> | null;
  createdAt: Date;
  userId: string | null;
  userName: string | null;
  rule: { _id: string; name: string } | null;
}

@Injectable()
export class ActivitiesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewActivity, tx: Executor = this.db): Promise<void> {
    await this.insertStatement(values, tx);
  }

  /** The insert, not yet sent: a change's transaction sends it with its log row (BoardChanges). */
  insertStatement(values: NewActivity, tx: Executor) {
    return tx.insert(activities).values(values);
  }

  /** Newest first, `limit` of them, older than `before` when given. */
  async forBoard(boardId: string, limit: number, before?: Date): Promise<Activity[]> {
    const rows = await this.db
      .select({
        id: activities.id,
        actionType: activities.actionType,
        boardId: activities.boardId,
        boardTitle: boards.title,
        description: activities.description,
        template: activities.template,
        params: activities.params,
        createdAt: activities.createdAt,
        userId: activities.userId,
        userName: users.name,
        rule: activities.rule,
      })
      .from(activities)
      .innerJoin(boards, eq(boards.id, activities.boardId))
      .leftJoin(users, eq(users.id, activities.userId))
      .where(and(eq(activities.boardId, boardId), before ? lt(activities.createdAt, before) : undefined))
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(limit);
    return rows.map(toActivity);
  }

  /**
   * The caller's feed: activities of the boards they are a member of now (owners are members). Per
   * board at most `limit` newest rows through the (board_id, created_at) index, the newest `limit`
   * of those, and only then the board titles and names: the cost follows the number of the caller's
   * boards, never the length of their histories. `only`: a token's boards (docs/api.md,
   * "Personal API tokens").
   */
  async forUser(
    userId: string,
    limit: number,
    before?: Date,
    only: string[] | null = null,
  ): Promise<Activity[]> {
    const recent = this.db
      .select({
        id: activities.id,
        actionType: activities.actionType,
        boardId: activities.boardId,
        description: activities.description,
        template: activities.template,
        params: activities.params,
        createdAt: activities.createdAt,
        userId: activities.userId,
        rule: activities.rule,
      })
      .from(activities)
      .where(
        and(
          eq(activities.boardId, boardMembers.boardId),
          before ? lt(activities.createdAt, before) : undefined,
        ),
      )
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(limit)
      .as('recent');
    const newest = this.db
      .select({
        id: recent.id,
        actionType: recent.actionType,
        boardId: recent.boardId,
        description: recent.description,
        template: recent.template,
        params: recent.params,
        createdAt: recent.createdAt,
        userId: recent.userId,
        rule: recent.rule,
      })
      .from(boardMembers)
      .innerJoinLateral(recent, sql`true`)
      .where(and(eq(boardMembers.userId, userId), only ? inArray(boardMembers.boardId, only) : undefined))
      .orderBy(desc(recent.createdAt), desc(recent.id))
      .limit(limit)
      .as('newest');
    const rows = await this.db
      .select({
        id: newest.id,
        actionType: newest.actionType,
        boardId: newest.boardId,
        boardTitle: boards.title,
        description: newest.description,
        template: newest.template,
        params: newest.params,
        createdAt: newest.createdAt,
        userId: newest.userId,
        userName: users.name,
        rule: newest.rule,
      })
      .from(newest)
      .innerJoin(boards, eq(boards.id, newest.boardId))
      .leftJoin(users, eq(users.id, newest.userId))
      .orderBy(desc(newest.createdAt), desc(newest.id));
    return rows.map(toActivity);
  }
}

function toActivity(r: ActivityRow): Activity {
  return {
    _id: r.id,
    actionType: r.actionType as ActionType,
    boardId: r.boardId,
    boardTitle: r.boardTitle,
    userId: r.userId ? { _id: r.userId, name: r.userName ?? 'Someone' } : null,
    rule: r.rule ?? null,
    description: r.description,
    template: (r.template as ActivityTemplate | null) ?? null,
    params: r.params ?? null,
    createdAt: r.createdAt.toISOString(),
    timestamp: r.createdAt.toISOString(),
  };
}
