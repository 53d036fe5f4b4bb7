import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import type { BoardEvent } from '@papan/shared';
import { checkedEvent } from '../../common/board-event-check';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import type { Statement } from '../../database/statement';
import { blockedUsers, boardEvents, boards } from '../../database/schema';

/** A logged event, and whether the reader may not see it (a comment by someone who blocked them). */
export interface LoggedEvent {
  event: BoardEvent;
  hidden: boolean;
}

/** Built once: catching up is on every client's path after a gap or a reconnect. */
function prepareAfterQuery(db: Database) {
  return db
    .select({
      version: boardEvents.version,
      type: boardEvents.type,
      actorId: boardEvents.actorId,
      rule: sql<{ _id: string; name: string } | null>`${boardEvents.rule} - 'depth'`,
      payload: boardEvents.payload,
      occurredAt: boardEvents.occurredAt,
      hidden: sql<boolean>`${boardEvents.type} like 'comment.%' and exists (
        select 1 from ${blockedUsers}
        where ${blockedUsers.blockerId} = ${boardEvents.actorId}
          and ${blockedUsers.blockedId} = ${sql.placeholder('readerId')})`,
    })
    .from(boardEvents)
    .where(
      and(
        eq(boardEvents.boardId, sql.placeholder('boardId')),
        gt(boardEvents.version, sql.placeholder('after')),
      ),
    )
    .orderBy(asc(boardEvents.version))
    .limit(sql.placeholder('limit'))
    .prepare('board_events_after');
}

/**
 * An event's log row. A rule's change keeps the rule's chain depth beside its `{_id, name}`
 * (docs/automation.md, "Loops"); events leave the log without it.
 */
function logRow(event: BoardEvent, occurredAt: Date, depth: number) {
  const { boardId, version, type, actorId, payload, rule } = event;
  return { boardId, version, type, actorId, payload, occurredAt, rule: rule ? { ...rule, depth } : null };
}

/** The board event log (docs/decisions.md, "The board event log"). */
@Injectable()
export class BoardEventsRepository {
  private readonly afterQuery: ReturnType<typeof prepareAfterQuery>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.afterQuery = prepareAfterQuery(db);
  }

  /**
   * Stores a change's event, in the transaction that makes the change; with `alongside` (the
   * change's other writes: its activity, the new positions of a move) in the same statement, as
   * writable CTEs: one round trip. They run together on one snapshot, so none may write a row
   * another writes, or read what another writes.
   */
  async append(
    event: BoardEvent,
    occurredAt: Date,
    tx: Executor,
    alongside: SQLWrapper[] = [],
    depth = 0,
  ): Promise<void> {
    const insert = tx.insert(boardEvents).values(logRow(event, occurredAt, depth));
    if (!alongside.length) return void (await insert);
    // getSQL(): embedded as SQL, not as a parenthesised subquery, which a CTE's statement cannot be.
    const statements = [insert, ...alongside].map((s) => s.getSQL());
    const last = statements.pop()!;
    const ctes = sql.join(
      statements.map((statement, i) => sql`${sql.raw(`w${i}`)} as (${statement})`),
      sql`, `,
    );
    await tx.execute(sql`with ${ctes} ${last}`);
  }

  /** The log row of a change's later event (`BoardChange.also`), not yet sent: it goes with `append`'s. */
  insertStatement(event: BoardEvent, occurredAt: Date, depth = 0): Statement {
    return this.db.insert(boardEvents).values(logRow(event, occurredAt, depth));
  }

  /**
   * The events after `after`, oldest first, at most `limit`; each marked hidden from `readerId` or
   * not. Each is checked against the shared schema: one that fails is left out (and logged), a gap
   * that sends its reader to the whole board, as when the log no longer holds it.
   */
  async after(boardId: string, after: number, limit: number, readerId: string): Promise<LoggedEvent[]> {
    const rows = await this.afterQuery.execute({ boardId, after, limit, readerId });
    return rows.flatMap(({ hidden, occurredAt, rule, ...row }) => {
      const logged = { boardId, ...row, ...(rule ? { rule } : {}), occurredAt: occurredAt.toISOString() };
      const event = checkedEvent(logged, 'event log');
      return event ? [{ event, hidden: Boolean(hidden) }] : [];
    });
  }

  /** Drops every event older than `before` that is not among its board's last `keep`; answers how many. */
  async purge(before: Date, keep: number): Promise<number> {
    const deleted = await this.db
      .delete(boardEvents)
      .where(
        and(
          sql`${boardEvents.occurredAt} < ${before}`,
          sql`${boardEvents.version} <= (select ${boards.version} from ${boards} where ${boards.id} = ${boardEvents.boardId}) - ${keep}`,
        ),
      )
      .returning({ version: boardEvents.version });
    return deleted.length;
  }
}
