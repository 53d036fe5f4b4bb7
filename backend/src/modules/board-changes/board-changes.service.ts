import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { ActionType, BoardEvent, BoardEventBody } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { ActivityText } from '../../common/html';
import { DATABASE } from '../../database/database.module';
import type { Database, Transaction } from '../../database/database';
import { boards } from '../../database/schema';
import { ActivitiesRepository } from '../activities/activities.repository';
import {
  NotificationsRepository,
  toNotification,
  type NewNotification,
} from '../notifications/notifications.repository';
import { heldKey } from '../idempotency/held-key';
import { IdempotencyRepository } from '../idempotency/idempotency.repository';
import { DomainEvents } from './domain-events';

/** What a change to a board produced, besides its result. */
export interface BoardChange<T> {
  result: T;
  event: BoardEventBody;
  activity?: { actionType: ActionType } & ActivityText;
  notifications?: NewNotification[];
}

/**
 * The one way a board changes: one transaction that locks the board row and bumps its version,
 * does the work, writes the activity and notifications; then, after the commit, one board event.
 */
@Injectable()
export class BoardChanges {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly activities: ActivitiesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly events: DomainEvents,
    private readonly idempotency: IdempotencyRepository,
  ) {}

  /**
   * Makes the change and answers its result. The result is the request's answer, so when the
   * request holds an Idempotency-Key it is stored in the same transaction: if the commit's
   * acknowledgement is lost with the connection, a retry replays it instead of changing again.
   */
  async run<T>(
    boardId: string,
    actor: AuthUser,
    work: (tx: Transaction) => Promise<BoardChange<T>>,
  ): Promise<T> {
    return (await this.apply(boardId, actor, work, true)).result;
  }

  /** As `run`, and also hands back the board event the change published (with its version). */
  async apply<T>(
    boardId: string,
    actor: AuthUser,
    work: (tx: Transaction) => Promise<BoardChange<T>>,
    resultIsAnswer = false,
  ): Promise<{ result: T; event: BoardEvent }> {
    const key = resultIsAnswer ? heldKey() : undefined;
    const { change, version, created } = await this.db.transaction(async (tx) => {
      // Taking the row lock first serialises every change to one board (moves included).
      const [bumped] = await tx
        .update(boards)
        .set({ version: sql`${boards.version} + 1`, updatedAt: new Date() })
        .where(eq(boards.id, boardId))
        .returning({ version: boards.version });
      if (!bumped) throw new NotFoundException('Board not found');
      const change = await work(tx);
      if (change.activity) {
        await this.activities.insert({ boardId, userId: actor.id, ...change.activity }, tx);
      }
      const created = await this.notifications.insertMany(change.notifications ?? [], tx);
      if (key) {
        const answer = change.result === undefined ? null : JSON.stringify(change.result);
        await this.idempotency.complete(key.scope, key.claimId, key.status, answer, tx);
      }
      return { change, version: bumped.version, created };
    });
    const event: BoardEvent = { boardId, version, actorId: actor.id, ...change.event };
    this.events.publishBoardEvent(event);
    for (const row of created)
      this.events.publishNotification({ userId: row.userId, notification: toNotification(row) });
    return { result: change.result, event };
  }
}
