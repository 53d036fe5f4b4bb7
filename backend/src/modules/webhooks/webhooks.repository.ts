import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BoardEvent, BoardEventType, Webhook, WebhookDelivery } from '@papan/shared';
import { checkedEvent } from '../../common/board-event-check';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor, Transaction } from '../../database/database';
import { boards, webhookAttempts, webhookDeliveries, webhooks } from '../../database/schema';
import { webhookBody } from './webhook-body';

type WebhookRow = typeof webhooks.$inferSelect;

export function toWebhook(row: WebhookRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    failures: row.failures,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A queued body claimed by this instance, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  type: string;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  secret: string;
}

export interface AttemptLog {
  webhookId: string;
  eventId: string;
  type: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A webhook that has just turned itself off, and whom to tell. */
export interface DisabledWebhook {
  boardId: string;
  boardTitle: string;
  ownerId: string;
  url: string;
}

/** A row of the log as the queue copies it: its event, or null when that fails the shared schema. */
interface LoggedRow {
  version: number;
  event: BoardEvent | null;
  hidden: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Webhooks, their delivery queue and their delivery log (docs/api.md, "Webhooks"). Every
 * transaction that touches a webhook's queue locks the webhook's row first (FOR NO KEY UPDATE,
 * which the foreign keys' KEY SHARE locks do not block), so two of them never wait on each other in
 * a circle.
 */
@Injectable()
export class WebhooksRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async countOnBoard(boardId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(webhooks).where(eq(webhooks.boardId, boardId));
    return Number(row.n);
  }

  /** A new webhook starts at the board's current version: it gets the changes made from now on. */
  async insert(
    boardId: string,
    createdBy: string,
    hook: { url: string; events: BoardEventType[]; secret: string },
    tx: Executor = this.db,
  ): Promise<WebhookRow> {
    const [row] = await tx
      .insert(webhooks)
      .values({
        boardId,
        createdBy,
        ...hook,
        cursor: sql`(select ${boards.version} from ${boards} where ${boards.id} = ${boardId})`,
      })
      .returning();
    return row;
  }

  async list(boardId: string): Promise<WebhookRow[]> {
    return this.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.boardId, boardId))
      .orderBy(webhooks.createdAt, webhooks.id);
  }

  async find(boardId: string, id: string): Promise<WebhookRow | null> {
    const [row] = await this.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.boardId, boardId), eq(webhooks.id, id)));
    return row ?? null;
  }

  /**
   * Changes a webhook. Turning it on starts it afresh at the board's current version with no
   * failures; turning it off drops what it still had queued.
   */
  async update(
    boardId: string,
    id: string,
    patch: { url?: string; events?: BoardEventType[]; active?: boolean },
  ): Promise<WebhookRow | null> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.boardId, boardId), eq(webhooks.id, id)))
        .for('no key update');
      if (!current) return null;
      const turningOn = patch.active === true && !current.active;
      const [row] = await tx
        .update(webhooks)
        .set({
          ...patch,
          ...(turningOn && {
            failures: 0,
            cursor: sql`(select ${boards.version} from ${boards} where ${boards.id} = ${boardId})`,
          }),
        })
        .where(eq(webhooks.id, id))
        .returning();
      if (patch.active === false)
        await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
      return row;
    });
  }

  /**
   * Turns off every active webhook `userId` added and drops what they had queued (an account
   * taken back from whoever held it, docs/security.md section 14). Answers what went off.
   */
  async disableCreatedBy(userId: string, tx: Transaction): Promise<DisabledWebhook[]> {
    const off = await tx
      .update(webhooks)
      .set({ active: false })
      .from(boards)
      .where(and(eq(webhooks.createdBy, userId), eq(webhooks.active, true), eq(boards.id, webhooks.boardId)))
      .returning({
        id: webhooks.id,
        boardId: boards.id,
        boardTitle: boards.title,
        ownerId: boards.ownerId,
        url: webhooks.url,
      });
    if (off.length)
      await tx.delete(webhookDeliveries).where(
        inArray(
          webhookDeliveries.webhookId,
          off.map((w) => w.id),
        ),
      );
    return off.map(({ id: _id, ...hook }) => hook);
  }

  async delete(boardId: string, id: string, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.boardId, boardId), eq(webhooks.id, id)))
      .returning({ id: webhooks.id });
    return rows.length > 0;
  }

  /** The delivery log of a webhook, newest first. */
  async attempts(webhookId: string, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.webhookId, webhookId))
      .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt), desc(webhookAttempts.id))
      .limit(limit);
    return rows.map((r) => ({
      _id: r.id,
      eventId: r.eventId,
      type: r.type,
      attempt: r.attempt,
      statusCode: r.statusCode,
      error: r.error,
      durationMs: r.durationMs,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async logAttempt(attempt: AttemptLog, ex: Executor = this.db): Promise<WebhookDelivery> {
    const [row] = await ex.insert(webhookAttempts).values(attempt).returning();
    return {
      _id: row.id,
      eventId: row.eventId,
      type: row.type,
      attempt: row.attempt,
      statusCode: row.statusCode,
      error: row.error,
      durationMs: row.durationMs,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The boards that have an active webhook (the dispatcher's list of boards to watch). */
  async boardsWithActive(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ boardId: webhooks.boardId })
      .from(webhooks)
      .where(eq(webhooks.active, true));
    return rows.map((r) => r.boardId);
  }

  /** Boards with an active webhook whose cursor is behind the board (the periodic sweep). */
  async boardsBehind(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ boardId: webhooks.boardId })
      .from(webhooks)
      .innerJoin(boards, eq(boards.id, webhooks.boardId))
      .where(and(eq(webhooks.active, true), sql`${webhooks.cursor} < ${boards.version}`));
    return rows.map((r) => r.boardId);
  }

  /**
   * Copies the board events after its active webhooks' cursors into their queues and moves the
   * cursors, in one transaction holding those webhooks' rows (taken in id order): two instances
   * doing it at once queue each event once. One read of the log serves every webhook of the board
   * (five webhooks cost one transaction per change, not five). Events a webhook does not want, and
   * comments whose author blocked the board's owner, are skipped. Answers how many events were read
   * (the caller repeats while a full batch came).
   */
  async enqueueBoard(boardId: string, batch: number): Promise<{ read: number; queued: number }> {
    return this.db.transaction(async (tx) => {
      const hooks = await tx
        .select({
          id: webhooks.id,
          events: webhooks.events,
          cursor: webhooks.cursor,
          ownerId: boards.ownerId,
          version: boards.version,
        })
        .from(webhooks)
        .innerJoin(boards, eq(boards.id, webhooks.boardId))
        .where(and(eq(webhooks.boardId, boardId), eq(webhooks.active, true)))
        .orderBy(asc(webhooks.id))
        .for('no key update', { of: webhooks });
      const behind = hooks.filter((h) => h.cursor < h.version);
      if (!behind.length) return { read: 0, queued: 0 };
      const from = Math.min(...behind.map((h) => h.cursor));
      const { ownerId, version } = behind[0]!;
      const events = await this.eventsAfter(tx, boardId, from, batch, ownerId);
      // Nothing kept after the cursor (the log dropped it): there is nothing left to send.
      const cursor = events.at(-1)?.version ?? version;
      const queued = behind.flatMap((hook) =>
        events.flatMap(({ version, event, hidden }) => {
          // An event that fails the schema (logged when read) is passed over: never sent.
          if (!event || version <= hook.cursor || hidden) return [];
          if (hook.events.length && !hook.events.includes(event.type)) return [];
          const eventId = `msg_${hook.id.replaceAll('-', '')}_${version}`;
          return [{ webhookId: hook.id, eventId, type: event.type, body: webhookBody(eventId, event) }];
        }),
      );
      if (queued.length) await tx.insert(webhookDeliveries).values(queued).onConflictDoNothing();
      await tx
        .update(webhooks)
        .set({ cursor: sql`greatest(${webhooks.cursor}, ${cursor})` })
        .where(
          inArray(
            webhooks.id,
            behind.map((h) => h.id),
          ),
        );
      return { read: events.length, queued: queued.length };
    });
  }

  private async eventsAfter(
    tx: Transaction,
    boardId: string,
    after: number,
    limit: number,
    readerId: string,
  ): Promise<LoggedRow[]> {
    // Both drivers answer raw statements with `rows`; the casts fix the column types.
    const result = await tx.execute(sql`
      select e.version, e.type, e.actor_id::text as "actorId", e.rule - 'depth' as rule, e.payload,
        to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
        (e.type like 'comment.%' and exists (
          select 1 from blocked_users b where b.blocker_id = e.actor_id and b.blocked_id = ${readerId}
        )) as hidden
      from board_events e
      where e.board_id = ${boardId} and e.version > ${after}
      order by e.version
      limit ${limit}`);
    type Row = {
      version: number;
      type: string;
      actorId: string | null;
      rule: unknown;
      payload: unknown;
      occurredAt: string;
    };
    return rowsOf<Row & { hidden: boolean }>(result).map(({ hidden, rule, ...row }) => {
      const version = Number(row.version);
      const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
      const payload = json(row.payload);
      const ruleRef = rule ? { rule: json(rule) } : {};
      const event = checkedEvent({ boardId, ...row, ...ruleRef, version, payload }, 'webhook');
      return { version, event, hidden };
    });
  }

  /**
   * Claims up to `limit` due bodies of active webhooks for this instance (`claimId`) until
   * `leaseMs` from now. SKIP LOCKED: another instance claiming at the same moment takes other rows.
   */
  async claim(claimId: string, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const result = await this.db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhooks w on w.id = d.webhook_id
        where w.active and d.next_at <= now() and (d.locked_until is null or d.locked_until < now())
        order by d.next_at
        limit ${limit}
        for update of d skip locked
      ), claimed as (
        update webhook_deliveries d
        set claim_id = ${claimId}, locked_until = now() + ${leaseMs} * interval '1 millisecond'
        from due where d.id = due.id
        returning d.id, d.webhook_id, d.event_id, d.type, d.body, d.attempts
      )
      select c.id::text as id, c.webhook_id::text as "webhookId", c.event_id as "eventId", c.type,
        c.body, c.attempts, w.url, w.secret
      from claimed c join webhooks w on w.id = c.webhook_id`);
    return rowsOf<ClaimedDelivery>(result).map((r) => ({ ...r, attempts: Number(r.attempts) }));
  }

  /**
   * 2xx answers, recorded together in one transaction (a busy queue finishes many sends at once):
   * the bodies leave the queue, their attempts are logged and their webhooks' failures start again
   * from 0. A body whose lease was taken over by another claim stays for that claim.
   */
  async delivered(done: { delivery: ClaimedDelivery; log: AttemptLog }[], claimId: string): Promise<void> {
    if (!done.length) return;
    const hookIds = [...new Set(done.map((d) => d.delivery.webhookId))];
    await this.db.transaction(async (tx) => {
      await tx
        .update(webhooks)
        .set({ failures: 0 })
        .where(and(inArray(webhooks.id, hookIds), ne(webhooks.failures, 0)));
      await tx.insert(webhookAttempts).values(done.map((d) => d.log));
      await tx.delete(webhookDeliveries).where(
        and(
          inArray(
            webhookDeliveries.id,
            done.map((d) => d.delivery.id),
          ),
          eq(webhookDeliveries.claimId, claimId),
        ),
      );
    });
  }

  /**
   * A failed attempt: retried after `retryInMs`, or given up when that is null. The webhook counts
   * one more failure in a row; at `disableAt` it turns off, its queue is dropped and `onDisabled`
   * runs in the same transaction (the owner's notification), whose answer this answers.
   */
  async failed<T>(
    delivery: ClaimedDelivery,
    claimId: string,
    log: AttemptLog,
    retryInMs: number | null,
    disableAt: number,
    onDisabled: (hook: DisabledWebhook, tx: Transaction) => Promise<T>,
  ): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const [hook] = await tx
        .select({
          active: webhooks.active,
          failures: webhooks.failures,
          url: webhooks.url,
          boardId: webhooks.boardId,
          boardTitle: boards.title,
          ownerId: boards.ownerId,
        })
        .from(webhooks)
        .innerJoin(boards, eq(boards.id, webhooks.boardId))
        .where(eq(webhooks.id, delivery.webhookId))
        .for('no key update', { of: webhooks });
      // Deleted meanwhile: its queue and log went with it.
      if (!hook) return null;
      await this.logAttempt(log, tx);
      const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claimId, claimId));
      if (retryInMs === null) await tx.delete(webhookDeliveries).where(mine);
      else
        await tx
          .update(webhookDeliveries)
          .set({
            attempts: log.attempt,
            nextAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
            claimId: null,
            lockedUntil: null,
          })
          .where(mine);
      const failures = hook.failures + 1;
      const disable = hook.active && failures >= disableAt;
      await tx
        .update(webhooks)
        .set({ failures, ...(disable && { active: false }) })
        .where(eq(webhooks.id, delivery.webhookId));
      if (!disable) return null;
      await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, delivery.webhookId));
      return onDisabled(
        { boardId: hook.boardId, boardTitle: hook.boardTitle, ownerId: hook.ownerId, url: hook.url },
        tx,
      );
    });
  }

  /** Keeps the last `keep` attempts of each webhook's log; answers how many went. */
  async purgeAttempts(keep: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from webhook_attempts a using (
        select id from (
          select id, row_number() over (partition by webhook_id order by created_at desc, attempt desc, id desc) as n
          from webhook_attempts
        ) ranked where n > ${keep}
      ) old where a.id = old.id
      returning a.id`);
    return rowsOf(result).length;
  }
}
