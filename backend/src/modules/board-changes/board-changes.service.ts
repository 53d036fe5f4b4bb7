import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ActionType, BoardEvent, BoardEventBody } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { ActivityText } from '../../common/html';
import { DATABASE } from '../../database/database.module';
import type { Database, Transaction } from '../../database/database';
import { sendEach, type Statement } from '../../database/statement';
import { ActivitiesRepository } from '../activities/activities.repository';
import {
  NotificationsRepository,
  toNotification,
  type NewNotification,
} from '../notifications/notifications.repository';
import { heldKey } from '../idempotency/held-key';
import { IdempotencyRepository } from '../idempotency/idempotency.repository';
import { noteCommitted } from './change-answer';
import { BoardVersionsRepository } from './board-versions.repository';
import { BoardEventsRepository } from '../board-events/board-events.repository';
import { DomainEvents } from './domain-events';
import { PublishOrder, type PublishTicket } from './publish-order';
import { wipRefusal } from './wip-refusal';

/**
 * A change made by automation (docs/automation.md): no person, the rule that made it, and how many
 * rule changes led to it from a person's change (1 for a rule reacting to a person).
 */
export interface RuleActor {
  id: null;
  name: string;
  rule: { _id: string; name: string };
  depth: number;
}

/** What a change's request answers: its result, its event, or nothing (no request). */
export type ChangeAnswerIs = 'result' | 'event' | 'none';

/** Who makes a change: a signed-in person, or a rule. */
export type ChangeActor = AuthUser | RuleActor;

/** What a change to a board produced, besides its result. */
export interface BoardChange<T> {
  result: T;
  event: BoardEventBody;
  /**
   * Which rule made the event and its activity, when not the actor's: the rule runner records
   * several runs, of several rules, in one change (docs/automation.md, "The runner").
   */
  by?: RuleActor;
  activity?: { actionType: ActionType } & ActivityText;
  /** More activities of the same change (a rule's actions: docs/automation.md), after `activity`. */
  activities?: ({ actionType: ActionType; by?: RuleActor } & ActivityText)[];
  notifications?: NewNotification[];
  /**
   * The change's last writes, not yet sent: they go in one statement with the log row (a round
   * trip less on every move). Nothing the work sends after building them can see them.
   */
  alongside?: Statement[];
  /**
   * Events the change also records, right after its own, each with the next version (a soft WIP
   * limit passed, lanes renumbered by a move: docs/lanes.md). Logged and published like it; the
   * answer carries only the change's own.
   */
  also?: (BoardEventBody & { by?: RuleActor })[];
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
    private readonly versions: BoardVersionsRepository,
    private readonly log: BoardEventsRepository,
  ) {}

  /** Board events leave in version order (see PublishOrder). */
  private readonly order = new PublishOrder();

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
    return (await this.apply(boardId, actor, work, 'result')).result;
  }

  /**
   * As `run`, and also hands back the board event the change published (with its version).
   * `answer`: what the request answers, stored with the change under its Idempotency-Key — its
   * result, or the event itself (a move's answer); `none` outside a request (a rule's run).
   * `via`: the connections the change runs on (the rule runner's own: docs/automation.md, "The runner").
   */
  async apply<T>(
    boardId: string,
    actor: ChangeActor,
    work: (tx: Transaction) => Promise<BoardChange<T>>,
    answer: ChangeAnswerIs = 'none',
    via: Database = this.db,
  ): Promise<{ result: T; event: BoardEvent }> {
    return this.commit(actor, answer, via, async (tx) => {
      // Taking the row lock first serialises every change to one board (moves included). The
      // work's statements go out behind the bump without waiting for its answer: the server runs
      // them after it, so they read what the previous holder of the lock committed.
      const bumped = this.versions.bump(boardId, tx);
      bumped.catch(() => undefined); // awaited below, after the work
      const boardGone = async () => (await bumped.catch(() => 0)) === null;
      let change: BoardChange<T>;
      try {
        change = await work(tx);
      } catch (err) {
        throw (await boardGone()) ? new NotFoundException('Board not found') : err;
      }
      const version = await bumped;
      if (version === null) throw new NotFoundException('Board not found');
      return { boardId, version, ...change };
    });
  }

  /**
   * A new board, the same way: `work` creates the row (whose first version the event carries) in
   * the transaction that writes the activity and the request's answer.
   */
  async create<T>(
    actor: AuthUser,
    work: (tx: Transaction) => Promise<BoardChange<T> & { boardId: string; version: number }>,
  ): Promise<T> {
    return (await this.commit(actor, 'result', this.db, work)).result;
  }

  /**
   * Deletes several boards in one transaction, all or nothing (the administrator's bulk delete):
   * their rows are locked and bumped first, in id order; `work` deletes them. An id that is not a
   * board is a 404 and nothing goes. After the commit each board announces `board.deleted`, in its
   * version order, as a single delete does; their logs went with them (docs/decisions.md, "One
   * change model").
   */
  async deleteAll<T>(boardIds: string[], actor: AuthUser, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const key = heldKey();
    const tickets: PublishTicket[] = [];
    try {
      const { result, events } = await this.db.transaction(async (tx) => {
        const bumped = await this.versions.bumpAll(boardIds, tx);
        if (bumped.length !== new Set(boardIds).size) throw new NotFoundException('Board not found');
        for (const { boardId, version } of bumped) tickets.push(this.order.take(boardId, version));
        const result = await work(tx);
        const occurredAt = new Date().toISOString();
        const events: BoardEvent[] = bumped.map(({ boardId, version }) => ({
          boardId,
          version,
          actorId: actor.id,
          occurredAt,
          type: 'board.deleted',
          payload: { _id: boardId },
        }));
        if (key) {
          const answer = result === undefined ? null : JSON.stringify(result);
          await this.idempotency.complete(key.scope, key.claimId, key.status, answer, tx);
        }
        return { result, events };
      });
      // Every instance has forgotten these boards before the answer (InstanceRelay).
      await Promise.all(
        events.map(async (event, i) => {
          await this.order.turnOf(tickets[i]!);
          const published = this.events.publish('board', event);
          this.order.settle(tickets[i]!);
          await published;
        }),
      );
      return result;
    } finally {
      for (const ticket of tickets) this.order.settle(ticket);
    }
  }

  private async commit<T>(
    actor: ChangeActor,
    answerIs: ChangeAnswerIs,
    via: Database,
    work: (tx: Transaction) => Promise<BoardChange<T> & { boardId: string; version: number }>,
  ): Promise<{ result: T; event: BoardEvent }> {
    const key = answerIs === 'none' ? undefined : heldKey();
    const held: { ticket?: PublishTicket } = {};
    let published: Promise<void>;
    let answer: { result: T; event: BoardEvent };
    let logFailure: unknown;
    let logged: Promise<void> = Promise.resolve();
    try {
      const { change, created, event, also } = await via
        .transaction(async (tx) => {
          const change = await work(tx);
          // The board row is still locked: no later version can have been taken yet.
          held.ticket = this.order.take(change.boardId, change.version);
          const occurredAt = new Date();
          const maker = (by?: RuleActor) => by ?? ('rule' in actor ? actor : undefined);
          const envelope = (version: number, by?: RuleActor) => {
            const rule = maker(by)?.rule;
            const at = occurredAt.toISOString();
            return {
              boardId: change.boardId,
              version,
              actorId: actor.id,
              ...(rule ? { rule } : {}),
              occurredAt: at,
            };
          };
          const depth = maker(change.by)?.depth ?? 0;
          const event = { ...envelope(change.version, change.by), ...change.event } as BoardEvent;
          const alongside: Statement[] = [...(change.alongside ?? [])];
          const later = (change.also ?? []).map(({ by, ...body }, i) => ({
            event: { ...envelope(change.version + 1 + i, by), ...body } as BoardEvent,
            depth: maker(by)?.depth ?? 0,
          }));
          const also = later.map((each) => each.event);
          if (later.length) {
            alongside.push(this.versions.advanceStatement(change.boardId, later.length));
            for (const each of later)
              alongside.push(this.log.insertStatement(each.event, occurredAt, each.depth));
          }
          const activities = [
            ...(change.activity ? [{ ...change.activity, by: change.by }] : []),
            ...(change.activities ?? []),
          ];
          for (const { by, ...activity } of activities)
            alongside.push(
              this.activities.insertStatement(
                { boardId: change.boardId, userId: actor.id, rule: maker(by)?.rule ?? null, ...activity },
                tx,
              ),
            );
          // A deleted board's log went with it; otherwise the log row and the other writes go in one
          // statement, left in flight: COMMIT follows it without waiting (what fails it fails the commit).
          if (event.type !== 'board.deleted')
            logged = this.log.append(event, occurredAt, tx, alongside, depth).catch((err: unknown) => {
              logFailure = err;
            });
          else await sendEach(alongside, tx);
          const created = await this.notifications.insertMany(change.notifications ?? [], tx);
          if (key) {
            const answered = answerIs === 'event' ? event : change.result;
            const answer = answered === undefined ? null : JSON.stringify(answered);
            await this.idempotency.complete(key.scope, key.claimId, key.status, answer, tx);
          }
          return { change, created, event, also };
        })
        .catch(async (err: unknown) => {
          // The log row's own error says what went wrong; the failed COMMIT behind it only that it
          // did. It is known once that statement's answer has settled, which may be after COMMIT's.
          await logged;
          throw wipRefusal(logFailure ?? err);
        });
      noteCommitted(event);
      await this.order.turnOf(held.ticket!);
      // Listeners run now, in version order; what they answer (other instances confirming that an
      // ended membership or board is forgotten) is awaited after the next version may go.
      const all = [event, ...also].map((each) => this.events.publish('board', each));
      published = Promise.all(all).then(() => undefined);
      for (const row of created)
        void this.events.publish('notification', { userId: row.userId, notification: toNotification(row) });
      answer = { result: change.result, event };
    } finally {
      if (held.ticket) this.order.settle(held.ticket);
    }
    await published;
    return answer;
  }
}
