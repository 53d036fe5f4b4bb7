import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { RuleRunStatus } from '@papan/shared';
import { BACKGROUND_DATABASE, DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import {
  boardEvents,
  boardMembers,
  boards,
  cards,
  labels,
  lists,
  ruleRuns,
  rules,
  users,
} from '../../database/schema';

export type RuleRow = typeof rules.$inferSelect;
export type RuleRunRow = typeof ruleRuns.$inferSelect;
type NewRule = Pick<
  RuleRow,
  'boardId' | 'name' | 'trigger' | 'actions' | 'enabled' | 'createdBy' | 'nextRunAt'
>;

/** A logged board event as the runner reads it: a rule's change keeps its chain depth. */
export interface LogEntry {
  version: number;
  type: string;
  actorId: string | null;
  rule: { _id: string; name: string; depth: number } | null;
  payload: unknown;
  occurredAt: Date;
}

/** What started a run: a board event, a due time, and for the due-date triggers the card. */
export interface RunTrigger {
  eventVersion?: number;
  scheduledFor?: Date;
  cardId?: string;
}

/** Triggers the runner reads the log for; the others fire on time (docs/automation.md). */
const TIMED = ['schedule', 'card.dueSoon', 'card.overdue'];
const triggerType = sql<string>`${rules.trigger}->>'type'`;
/** What the runner and the dry-run read of a log row. */
const LOG_COLUMNS = {
  version: boardEvents.version,
  type: boardEvents.type,
  actorId: boardEvents.actorId,
  rule: boardEvents.rule,
  payload: boardEvents.payload,
  occurredAt: boardEvents.occurredAt,
};

/** A board's rules, their cursors in the event log and their runs (docs/automation.md). */
@Injectable()
export class RulesRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    /** The runner's own statements go through background connections (docs/automation.md, "The runner"). */
    @Inject(BACKGROUND_DATABASE) private readonly background: Database,
  ) {}

  ofBoard(boardId: string, ex: Executor = this.db): Promise<RuleRow[]> {
    return ex
      .select()
      .from(rules)
      .where(eq(rules.boardId, boardId))
      .orderBy(asc(rules.createdAt), asc(rules.id));
  }

  async find(ruleId: string, ex: Executor = this.db): Promise<RuleRow | undefined> {
    const [row] = await ex.select().from(rules).where(eq(rules.id, ruleId));
    return row;
  }

  async countOf(boardId: string, ex: Executor): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(rules).where(eq(rules.boardId, boardId));
    return row?.n ?? 0;
  }

  /**
   * A new rule, looking at the log from the board's version in this transaction on: it never runs
   * for what happened before it existed.
   */
  async insert(values: NewRule, ex: Executor): Promise<RuleRow> {
    const cursor = sql`(select ${boards.version} from ${boards} where ${boards.id} = ${values.boardId})`;
    const [row] = await ex
      .insert(rules)
      .values({ ...values, cursor })
      .returning();
    return row!;
  }

  /** `restart`: the rule was turned on again, so it looks at the log from now on. */
  async update(
    ruleId: string,
    values: Partial<
      Pick<RuleRow, 'name' | 'trigger' | 'actions' | 'enabled' | 'disabledReason' | 'nextRunAt'>
    >,
    restart: boolean,
    ex: Executor,
  ): Promise<RuleRow> {
    const cursor = restart
      ? { cursor: sql`(select ${boards.version} from ${boards} where ${boards.id} = ${rules.boardId})` }
      : {};
    const [row] = await ex
      .update(rules)
      .set({ ...values, ...cursor, updatedAt: new Date() })
      .where(eq(rules.id, ruleId))
      .returning();
    return row!;
  }

  async delete(ruleId: string, ex: Executor): Promise<void> {
    await ex.delete(rules).where(eq(rules.id, ruleId));
  }

  /** Boards with an enabled rule: a change to any other board costs the runner nothing. */
  async boardsWithRules(): Promise<string[]> {
    const rows = await this.background
      .selectDistinct({ boardId: rules.boardId })
      .from(rules)
      .where(eq(rules.enabled, true));
    return rows.map((r) => r.boardId);
  }

  /** Boards whose enabled rules have not looked at every event yet (the sweep's safety net). */
  async boardsBehind(): Promise<string[]> {
    const rows = await this.background
      .selectDistinct({ boardId: rules.boardId })
      .from(rules)
      .innerJoin(boards, eq(boards.id, rules.boardId))
      .where(and(eq(rules.enabled, true), lt(rules.cursor, boards.version)));
    return rows.map((r) => r.boardId);
  }

  /** The board's enabled rules behind its version, oldest first. */
  behind(boardId: string): Promise<RuleRow[]> {
    return this.background
      .select({ rule: rules })
      .from(rules)
      .innerJoin(boards, eq(boards.id, rules.boardId))
      .where(and(eq(rules.boardId, boardId), eq(rules.enabled, true), lt(rules.cursor, boards.version)))
      .orderBy(asc(rules.createdAt), asc(rules.id))
      .then((rows) => rows.map((r) => r.rule));
  }

  /**
   * The log after the lowest cursor of the board's enabled rules (found by the same statement),
   * oldest first, at most `limit`, with each rule change's depth.
   */
  async eventsForRules(boardId: string, limit: number): Promise<LogEntry[]> {
    const from = sql`(select coalesce(min(${rules.cursor}), 2147483647) from ${rules}
      where ${rules.boardId} = ${boardId} and ${rules.enabled})`;
    return this.eventsAfter(boardId, from, limit, this.background);
  }

  /**
   * The board's log after `version`, read in the given transaction (a rule change's, once it holds
   * the board's lock: what was committed while it waited).
   */
  async eventsAfter(
    boardId: string,
    version: number | SQL,
    limit: number,
    ex: Executor,
  ): Promise<LogEntry[]> {
    return ex
      .select(LOG_COLUMNS)
      .from(boardEvents)
      .where(and(eq(boardEvents.boardId, boardId), gt(boardEvents.version, version)))
      .orderBy(asc(boardEvents.version))
      .limit(limit);
  }

  /** The log of the last days, for a dry-run. */
  async eventsSince(boardId: string, since: Date, limit: number): Promise<LogEntry[]> {
    return this.db
      .select(LOG_COLUMNS)
      .from(boardEvents)
      .where(and(eq(boardEvents.boardId, boardId), gte(boardEvents.occurredAt, since)))
      .orderBy(asc(boardEvents.version))
      .limit(limit);
  }

  async boardTitle(boardId: string, ex: Executor = this.db): Promise<string> {
    const [row] = await ex.select({ title: boards.title }).from(boards).where(eq(boards.id, boardId));
    return row?.title ?? '';
  }

  /**
   * Rules behind a log that no longer holds what they missed (purged) look on from the board's
   * version; a rule with events still to read is left alone.
   */
  async skipPurged(boardId: string): Promise<void> {
    await this.background
      .update(rules)
      .set({ cursor: sql`(select ${boards.version} from ${boards} where ${boards.id} = ${boardId})` })
      .where(
        and(
          eq(rules.boardId, boardId),
          sql`not exists (select 1 from ${boardEvents} e where e.board_id = ${boardId} and e.version > ${rules.cursor})`,
        ),
      );
  }

  /** Each rule has looked at everything up to its version (never moves back); one statement. */
  async advanceAll(upTo: { ruleId: string; version: number }[]): Promise<void> {
    if (!upTo.length) return;
    const values = sql.join(
      upTo.map((r) => sql`(${r.ruleId}::uuid, ${r.version}::int)`),
      sql`, `,
    );
    await this.background.execute(sql`
      update ${rules} set cursor = v.version
      from (values ${values}) as v(rule_id, version)
      where ${rules.id} = v.rule_id and ${rules.cursor} < v.version`);
  }

  /**
   * Claims one run in the run's transaction (after the board's lock): its row, unique per rule and
   * trigger. Null: it has run, or been logged, already.
   */
  async claim(ruleId: string, trigger: RunTrigger, ex: Executor): Promise<string | null> {
    const [row] = await ex
      .insert(ruleRuns)
      .values({ ruleId, ...trigger, status: 'ok' })
      .onConflictDoNothing()
      .returning({ id: ruleRuns.id });
    return row?.id ?? null;
  }

  /** How many board events the run recorded. */
  async countChanges(runId: string, changes: number, ex: Executor): Promise<void> {
    await ex.update(ruleRuns).set({ changes }).where(eq(ruleRuns.id, runId));
  }

  /** A run that turned its rule off: failed, with why. */
  async markFailed(runId: string, error: string, ex: Executor): Promise<void> {
    await ex.update(ruleRuns).set({ status: 'failed', error }).where(eq(ruleRuns.id, runId));
  }

  /** A run that made no change (skipped, failed, loop), logged once; false: it was logged already. */
  async recordOutcome(
    ruleId: string,
    trigger: RunTrigger,
    status: Exclude<RuleRunStatus, 'ok'>,
    error: string | null,
  ): Promise<boolean> {
    const inserted = await this.background
      .insert(ruleRuns)
      .values({ ruleId, ...trigger, status, error })
      .onConflictDoNothing()
      .returning({ id: ruleRuns.id });
    return inserted.length > 0;
  }

  /** Keeps the newest runs of a rule and drops the rest. */
  async trimRuns(ruleId: string, keep: number): Promise<void> {
    const newest = this.background
      .select({ id: ruleRuns.id })
      .from(ruleRuns)
      .where(eq(ruleRuns.ruleId, ruleId))
      .orderBy(desc(ruleRuns.at), desc(ruleRuns.id))
      .limit(keep);
    await this.background
      .delete(ruleRuns)
      .where(and(eq(ruleRuns.ruleId, ruleId), sql`${ruleRuns.id} not in (${newest})`));
  }

  runsOf(ruleId: string, limit: number): Promise<RuleRunRow[]> {
    return this.db
      .select()
      .from(ruleRuns)
      .where(eq(ruleRuns.ruleId, ruleId))
      .orderBy(desc(ruleRuns.at), desc(ruleRuns.id))
      .limit(limit);
  }

  /** Enabled schedules due at `now`. */
  dueSchedules(now: Date): Promise<RuleRow[]> {
    return this.background
      .select()
      .from(rules)
      .where(and(eq(rules.enabled, true), isNotNull(rules.nextRunAt), lte(rules.nextRunAt, now)));
  }

  /** Moves a schedule to its next due time (only from `from`, when given: a due time not moved yet). */
  async reschedule(
    ruleId: string,
    next: Date | null,
    ex: Executor = this.background,
    from?: Date,
  ): Promise<void> {
    const still = from ? eq(rules.nextRunAt, from) : undefined;
    await ex
      .update(rules)
      .set({ nextRunAt: next })
      .where(and(eq(rules.id, ruleId), still));
  }

  /**
   * Cards a due-date rule has not run for yet at their current due time: overdue ones, or due
   * within the rule's hours; open cards only. At most `limit` per look.
   */
  async dueCards(now: Date, limit: number): Promise<{ rule: RuleRow; cardId: string; dueAt: Date }[]> {
    const hours = sql`coalesce((${rules.trigger}->>'hours')::int, 0)`;
    const rows = await this.background
      .select({ rule: rules, cardId: cards.id, dueAt: cards.dueAt })
      .from(rules)
      .innerJoin(cards, eq(cards.boardId, rules.boardId))
      .where(
        and(
          eq(rules.enabled, true),
          inArray(triggerType, ['card.dueSoon', 'card.overdue']),
          eq(cards.isArchived, false),
          eq(cards.dueComplete, false),
          isNotNull(cards.dueAt),
          sql`${cards.dueAt} <= ${now}::timestamptz + make_interval(hours => ${hours})`,
          sql`(${triggerType} = 'card.overdue') = (${cards.dueAt} <= ${now}::timestamptz)`,
          // A rule made after a card fell due does not run for it.
          sql`(${triggerType} = 'card.dueSoon' or ${cards.dueAt} >= ${rules.createdAt})`,
          sql`not exists (select 1 from ${ruleRuns} r where r.rule_id = ${rules.id}
                and r.card_id = ${cards.id} and r.scheduled_for = ${cards.dueAt})`,
        ),
      )
      .limit(limit);
    return rows.map((r) => ({ rule: r.rule, cardId: r.cardId, dueAt: r.dueAt! }));
  }

  /** Cards due in a window, for a dry-run of a due-date rule. */
  async cardsDueBetween(boardId: string, from: Date, to: Date, limit: number) {
    return this.db
      .select({ id: cards.id, dueAt: cards.dueAt })
      .from(cards)
      .where(
        and(
          eq(cards.boardId, boardId),
          eq(cards.isArchived, false),
          isNotNull(cards.dueAt),
          gte(cards.dueAt, from),
          lte(cards.dueAt, to),
        ),
      )
      .orderBy(asc(cards.dueAt))
      .limit(limit);
  }

  /** Whether `userId` is a member (or the owner) of the board. */
  async isMember(boardId: string, userId: string, ex: Executor = this.db): Promise<boolean> {
    const [row] = await ex
      .select({ userId: boardMembers.userId })
      .from(boardMembers)
      .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)));
    return Boolean(row);
  }

  async userName(userId: string, ex: Executor = this.db): Promise<string | null> {
    const [row] = await ex.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  /** Which of `ids` are lists, labels and members of the board (a rule's references). */
  async onBoard(
    boardId: string,
    ids: { lists: string[]; labels: string[]; users: string[] },
    ex: Executor = this.db,
  ) {
    const foundLists = ids.lists.length
      ? await ex
          .select({ id: lists.id })
          .from(lists)
          .where(and(eq(lists.boardId, boardId), inArray(lists.id, ids.lists)))
      : [];
    const foundLabels = ids.labels.length
      ? await ex
          .select({ id: labels.id })
          .from(labels)
          .where(and(eq(labels.boardId, boardId), inArray(labels.id, ids.labels)))
      : [];
    const foundUsers = ids.users.length
      ? await ex
          .select({ id: boardMembers.userId })
          .from(boardMembers)
          .where(and(eq(boardMembers.boardId, boardId), inArray(boardMembers.userId, ids.users)))
      : [];
    return new Set([...foundLists, ...foundLabels, ...foundUsers].map((r) => r.id));
  }
}

export { TIMED as TIMED_TRIGGERS };
