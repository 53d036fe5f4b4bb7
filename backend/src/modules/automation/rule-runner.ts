import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { nextScheduledRun, RULE_LIMITS, type RuleRunStatus } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { notificationText } from '../../common/html';
import type { Database, Transaction } from '../../database/database';
import { BACKGROUND_DATABASE } from '../../database/database.module';
import { BoardChanges, type BoardChange, type RuleActor } from '../board-changes/board-changes.service';
import { wipRefusal } from '../board-changes/wip-refusal';
import { DomainEvents } from '../board-changes/domain-events';
import { Metrics } from '../metrics/metrics.service';
import { merge, RuleActions } from './rule-actions';
import { brokenBy, subjectOf } from './rule-matching';
import { toRule } from './rule.view';
import { RulesRepository, type LogEntry, type RuleRow, type RunTrigger } from './rules.repository';

/** Events read from a board's log at a time. */
const BATCH = 200;
/** How many runs of a rule between two trims of its run log. */
const TRIM_EVERY = 20;
/** Due-date runs started per look. */
const DUE_BATCH = 200;

/** Runs recorded in one board change, at most. */
const RUNS_PER_CHANGE = 50;

/** The run has happened already (another instance, or an earlier look): nothing to do. */
class AlreadyRun extends Error {}
/** Every action would have changed nothing: the run is logged `skipped` with why. */
class NothingChanged extends Error {}
/** No run of a chunk changed anything: its change is not made (no version, no event). */
class NoChange extends Error {}

/**
 * Runs the board's rules (docs/automation.md, "The runner"). The board event log is the source:
 * after each committed event on a board with rules, and on a periodic sweep, each enabled rule reads
 * the log after its cursor and runs for each event that matches its trigger. A run is one board
 * change by "Automation" whose transaction claims it (moves the rule's cursor past the event and
 * writes its run row, unique per rule and trigger): whichever instance gets the board's lock first
 * runs it, the others find it claimed. A crash before the commit leaves the cursor behind, so the
 * next sweep (on any instance, or after a restart) runs it.
 */
@Injectable()
export class RuleRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Automation');
  private unsubscribe: (() => void) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private tickTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Boards with an enabled rule (read at each sweep, added to when a rule is made or changed). */
  private watched = new Set<string>();
  private readonly due = new Set<string>();
  private draining: Promise<void> | null = null;
  /** Per board: the newest version seen here, and the version its rules have looked at up to. */
  private readonly seenVersion = new Map<string, number>();
  private readonly doneVersion = new Map<string, number>();
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly rules: RulesRepository,
    private readonly actions: RuleActions,
    private readonly changes: BoardChanges,
    private readonly events: DomainEvents,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    /** Runs go through background connections, not behind the requests' (docs/automation.md, "The runner"). */
    @Inject(BACKGROUND_DATABASE) private readonly background: Database,
  ) {
    metrics.watchAutomation(() => this.backlog());
  }

  /** Runs recorded here per rule since its log was last trimmed to the newest 100. */
  private readonly sinceTrim = new Map<string, number>();

  /** Keeps a rule's run log at its newest 100, looking every 20 runs rather than on each. */
  private trimSometimes(ruleId: string): void {
    const n = (this.sinceTrim.get(ruleId) ?? 0) + 1;
    this.sinceTrim.set(ruleId, n % TRIM_EVERY);
    if (n >= TRIM_EVERY) void this.rules.trimRuns(ruleId, RULE_LIMITS.runsKept).catch(() => undefined);
  }

  /** Events seen here on boards with rules that their rules have not looked at yet. */
  backlog(): number {
    let behind = 0;
    for (const [boardId, seen] of this.seenVersion)
      behind += Math.max(0, seen - (this.doneVersion.get(boardId) ?? seen));
    return behind;
  }

  onApplicationBootstrap(): void {
    this.unsubscribe = this.events.on('board', (event) => {
      if (event.type === 'rule.created' || event.type === 'rule.updated') this.watched.add(event.boardId);
      if (!this.watched.has(event.boardId)) return;
      if (!this.doneVersion.has(event.boardId)) this.doneVersion.set(event.boardId, event.version - 1);
      this.seenVersion.set(event.boardId, Math.max(event.version, this.seenVersion.get(event.boardId) ?? 0));
      this.due.add(event.boardId);
      void this.drain();
    });
    const { sweepMs, tickMs } = this.config.automation;
    this.sweepTimer = setInterval(() => void this.sweep(), sweepMs).unref();
    this.tickTimer = setInterval(() => void this.tick(), tickMs).unref();
    void this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.tickTimer) clearInterval(this.tickTimer);
    await Promise.allSettled([this.draining, this.ticking]);
  }

  /** Every board whose rules are behind its log gets its runs (the safety net; tests call it too). */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      const before = new Set(this.watched);
      const fresh = new Set(await this.rules.boardsWithRules());
      for (const boardId of this.watched) if (!before.has(boardId)) fresh.add(boardId);
      this.watched = fresh;
      for (const boardId of await this.rules.boardsBehind()) this.due.add(boardId);
    } catch (err) {
      this.log.warn(`Automation sweep failed: ${(err as Error).message}`);
    }
    await this.drain();
  }

  /** Runs what is due and resolves when this instance has nothing left behind. */
  drain(): Promise<void> {
    this.draining ??= this.drainDue().finally(() => (this.draining = null));
    return this.draining;
  }

  private async drainDue(): Promise<void> {
    while (this.due.size && !this.stopped) {
      const [boardId] = this.due;
      this.due.delete(boardId!);
      try {
        await this.runBoard(boardId!);
      } catch (err) {
        // The cursors stay where they are: the next sweep tries again.
        this.log.warn(`Rules of board ${boardId} could not run: ${(err as Error).message}`);
      }
    }
  }

  /**
   * Each enabled rule of the board over the log after its cursor: the runs it finds, in version
   * order, then each rule's cursor past what was looked at (but not past a run whose outcome could
   * not be written: the next look tries it again).
   */
  private async runBoard(boardId: string): Promise<void> {
    for (;;) {
      // Both at once: on a busy server each statement waits for a pooled connection.
      const [rules, events] = await Promise.all([
        this.rules.behind(boardId),
        this.rules.eventsForRules(boardId, BATCH),
      ]);
      if (!rules.length) this.doneVersion.set(boardId, this.seenVersion.get(boardId) ?? 0);
      if (!rules.length || this.stopped) return;
      let last = events.at(-1)?.version;
      // The log before `last` was purged: the rules look on from what is there.
      if (last === undefined) return this.rules.skipPurged(boardId);
      const { jobs, lookedAt, stopped } = planRuns(rules, events, (rule) => rule.cursor);
      // What the board's log gained while the change waited for the lock joins its last chunk
      // (when this look read the log to its end).
      const open = rules.filter((rule) => !stopped.has(rule.id));
      const later = { boardId, rules: open, lookedAt, after: last, seen: last };
      const stuck = await this.runAll(boardId, jobs, events.length < BATCH ? later : undefined);
      last = later.seen;
      const moved = rules.map((rule) => {
        const stuckAt = stuck.get(rule.id);
        return {
          ruleId: rule.id,
          version: stuckAt !== undefined ? stuckAt - 1 : lookedAt.get(rule.id)!,
          from: rule.cursor,
        };
      });
      await this.rules.advanceAll(moved.filter((m) => m.version > m.from));
      if (stuck.size) return;
      this.doneVersion.set(boardId, Math.max(last, this.doneVersion.get(boardId) ?? 0));
      if (events.length < BATCH) return;
    }
  }

  /**
   * Due schedules and due dates (every few seconds on each instance): each due time runs once,
   * claimed by its run row.
   */
  tick(now = new Date()): Promise<void> {
    this.ticking ??= this.fireTimed(now).finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async fireTimed(now: Date): Promise<void> {
    try {
      const jobs: Job[] = [];
      for (const rule of await this.rules.dueSchedules(now)) {
        if (rule.trigger.type !== 'schedule') continue;
        // Missed due times (the server was down) fire once, for the one stored.
        const next = nextScheduledRun(rule.trigger.cron, rule.trigger.tz, now);
        const trigger = { scheduledFor: rule.nextRunAt! };
        jobs.push({ rule, trigger, cardId: null, triggerActorId: null, depth: 0, next });
      }
      for (const { rule, cardId, dueAt } of await this.rules.dueCards(now, DUE_BATCH))
        jobs.push({ rule, trigger: { scheduledFor: dueAt, cardId }, cardId, triggerActorId: null, depth: 0 });
      const byBoard = new Map<string, Job[]>();
      for (const job of jobs) byBoard.set(job.rule.boardId, [...(byBoard.get(job.rule.boardId) ?? []), job]);
      for (const [boardId, ofBoard] of byBoard) await this.runAll(boardId, ofBoard);
    } catch (err) {
      this.log.warn(`Timed rules could not run: ${(err as Error).message}`);
    }
  }

  /**
   * Runs the board's jobs in order, up to RUNS_PER_CHANGE of them in one board change (one lock,
   * one commit: a busy board's movers do not leave the runner one run per turn of its lock). Answers,
   * per rule, the first trigger version whose outcome could not be written.
   */
  private async runAll(boardId: string, jobs: Job[], later?: LaterEvents): Promise<Map<string, number>> {
    const stuck = new Map<string, number>();
    for (let i = 0; i < jobs.length && !this.stopped; i += RUNS_PER_CHANGE) {
      const chunk = jobs.slice(i, i + RUNS_PER_CHANGE);
      const last = i + RUNS_PER_CHANGE >= jobs.length;
      const outcomes = await this.runChunk(boardId, chunk, last ? later : undefined);
      for (const { job, status, error } of outcomes) {
        if (await this.outcome(job, status, error)) continue;
        const version = job.trigger.eventVersion;
        if (version !== undefined && !stuck.has(job.rule.id)) stuck.set(job.rule.id, version);
      }
    }
    return stuck;
  }

  /**
   * One board change holding every run of the chunk that changes something, each run in a
   * savepoint so one refused (a hard WIP limit) or gone stale leaves the others. Answers the runs
   * that changed nothing, to be logged on their own. If the change as a whole fails, each run is
   * tried again in a change of its own.
   */
  private async runChunk(boardId: string, jobs: Job[], later?: LaterEvents): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let made = 0;
    const joined: { looked: Looked | null } = { looked: null };
    const { maxDepth } = this.config.automation;
    try {
      const work = async (tx: Transaction) => {
        outcomes.length = 0;
        const parts: BoardChange<unknown>[] = [];
        // The first statement answered after the board's lock: the events committed while waiting.
        const more = later ? await this.laterRuns(later, RUNS_PER_CHANGE - jobs.length, tx) : null;
        joined.looked = more;
        for (const job of [...jobs, ...(more?.jobs ?? [])]) {
          const actor = ruleActor(job.rule, job.depth + 1);
          if (actor.depth > maxDepth) {
            outcomes.push({ job, status: 'loop', error: `Stopped after ${maxDepth} rule changes in a row.` });
            continue;
          }
          try {
            parts.push(await tx.transaction((savepoint) => this.runOne(job, actor, savepoint)));
          } catch (err) {
            if (err instanceof AlreadyRun) continue;
            const status = err instanceof NothingChanged ? 'skipped' : 'failed';
            outcomes.push({ job, status, error: (wipRefusal(err) as Error).message });
          }
        }
        if (!parts.length) throw new NoChange();
        made = parts.length;
        return { ...merge(parts[0]!, parts.slice(1)), result: parts.length };
      };
      await this.changes.apply(boardId, ruleActor(jobs[0]!.rule, 1), work, 'none', this.background);
      this.metrics.ruleRuns.inc({ status: 'ok' }, made);
      if (later && joined.looked) joinLooked(later, joined.looked);
      return outcomes;
    } catch (err) {
      if (err instanceof NoChange) {
        // Nothing was written, but what was looked at under the lock was looked at.
        if (later && joined.looked) joinLooked(later, joined.looked);
        return outcomes;
      }
      if (jobs.length === 1) return [{ job: jobs[0]!, status: 'failed', error: (err as Error).message }];
      this.log.warn(
        `A change of ${jobs.length} rule runs failed, running them one by one: ${(err as Error).message}`,
      );
      const each: Outcome[] = [];
      for (const job of jobs) each.push(...(await this.runChunk(boardId, [job])));
      return each;
    }
  }

  /**
   * The runs of the events the board's log gained after `later.after`, read in the change's own
   * transaction once it holds the board's lock (docs/automation.md, "The runner"): on a busy board
   * the change waits behind the movers, and an event committed meanwhile runs in it instead of
   * waiting for the next change's turn. At most `room` runs, whole events only; rules that are to
   * turn themselves off look no further.
   */
  private async laterRuns(
    later: LaterEvents,
    room: number,
    tx: Transaction,
  ): Promise<Looked & { jobs: Job[] }> {
    const events = await this.rules.eventsAfter(later.boardId, later.after, BATCH, tx);
    // From where each rule looked to (a rule made since may start past `after`).
    const planned = planRuns(later.rules, events, (rule) => later.lookedAt.get(rule.id) ?? later.after);
    // Cut before the first event whose runs would not fit, so no event is half run.
    const over = planned.jobs[room]?.trigger.eventVersion;
    const upTo = over !== undefined ? over - 1 : (events.at(-1)?.version ?? later.after);
    const jobs = planned.jobs.filter((job) => job.trigger.eventVersion! <= upTo);
    const lookedAt = new Map<string, number>();
    for (const [ruleId, version] of planned.lookedAt) lookedAt.set(ruleId, Math.min(version, upTo));
    return { jobs, lookedAt, seen: upTo };
  }

  /** One run in its savepoint: claimed, its actions (or the rule turned off), its count of changes. */
  private async runOne(job: Job, actor: RuleActor, tx: Transaction): Promise<BoardChange<unknown>> {
    const { rule } = job;
    const runId = await this.rules.claim(rule.id, job.trigger, tx);
    if (!runId) throw new AlreadyRun();
    if (job.next !== undefined) await this.rules.reschedule(rule.id, job.next, tx);
    if (job.disable) return this.disable(rule, runId, job.disable, actor, tx);
    const context = {
      boardId: rule.boardId,
      rule,
      actor,
      cardId: job.cardId,
      triggerActorId: job.triggerActorId,
    };
    const { parts, skipped } = await this.actions.perform(context, tx);
    if (!parts.length) throw new NothingChanged(skipped.join('; '));
    const change = merge(
      { ...parts[0]!, by: actor },
      parts.slice(1).map((part) => ({ ...part, by: actor })),
    );
    await this.rules.countChanges(runId, 1 + (change.also?.length ?? 0), tx);
    this.trimSometimes(rule.id);
    return change;
  }

  /** Logs a run that changed nothing; false when that could not be written. */
  private async outcome(job: Job, status: Exclude<RuleRunStatus, 'ok'>, error: string): Promise<boolean> {
    try {
      if (await this.rules.recordOutcome(job.rule.id, job.trigger, status, error)) {
        this.metrics.ruleRuns.inc({ status });
        this.trimSometimes(job.rule.id);
      }
      if (job.next !== undefined)
        await this.rules.reschedule(job.rule.id, job.next, undefined, job.trigger.scheduledFor);
      return true;
    } catch (err) {
      this.log.warn(`Run of rule ${job.rule.id} not recorded: ${(err as Error).message}`);
      return false;
    }
  }

  /**
   * A list or label the rule names was deleted: the rule turns itself off (`rule.updated`), its
   * run log says why, and its owner is told, in the run's change.
   */
  private async disable(rule: RuleRow, runId: string, reason: string, actor: RuleActor, tx: Transaction) {
    const off = { enabled: false, disabledReason: reason, nextRunAt: null };
    const updated = toRule(await this.rules.update(rule.id, off, false, tx));
    await this.rules.markFailed(runId, reason, tx);
    const board = await this.rules.boardTitle(rule.boardId, tx);
    const text = notificationText('ruleDisabled', { rule: rule.name, board, reason });
    return {
      result: updated,
      by: actor,
      event: { type: 'rule.updated' as const, payload: updated },
      notifications: rule.createdBy ? [{ userId: rule.createdBy, boardId: rule.boardId, ...text }] : [],
    };
  }
}

/** One run to make: what started it, on which card, and how deep in a chain of rule changes. */
interface Job {
  rule: RuleRow;
  trigger: RunTrigger;
  cardId: string | null;
  triggerActorId: string | null;
  depth: number;
  /** A schedule's next due time, set in the run's transaction. */
  next?: Date | null;
  /** The rule is to turn itself off, for this reason. */
  disable?: string;
}

interface Outcome {
  job: Job;
  status: Exclude<RuleRunStatus, 'ok'>;
  error: string;
}

/** The board's log after what a look read, for its last change to read again under the lock. */
interface LaterEvents {
  boardId: string;
  rules: RuleRow[];
  /** Per rule, the version looked at up to; raised by what the change read under the lock. */
  lookedAt: Map<string, number>;
  /** The newest version the look read. */
  after: number;
  /** The newest version looked at, under the lock included. */
  seen: number;
}

/** What a change read under the lock: per rule the version looked at up to, and the newest. */
interface Looked {
  lookedAt: Map<string, number>;
  seen: number;
}

/** What a change read under the lock, once it has committed (or found nothing to change). */
function joinLooked(later: LaterEvents, joined: Looked): void {
  for (const [ruleId, version] of joined.lookedAt)
    later.lookedAt.set(ruleId, Math.max(version, later.lookedAt.get(ruleId) ?? 0));
  later.seen = Math.max(later.seen, joined.seen);
}

/**
 * Each rule over the events after `from(rule)`: a run for each event that matches its trigger, in
 * version order, and the version it looked at up to. A rule whose list or label an event deleted
 * gets a run that turns it off, and looks no further.
 */
function planRuns(rules: RuleRow[], events: LogEntry[], from: (rule: RuleRow) => number) {
  const jobs: Job[] = [];
  const lookedAt = new Map<string, number>();
  const stopped = new Set<string>();
  for (const rule of rules) {
    const start = from(rule);
    let upTo = start;
    for (const event of events) {
      if (event.version <= start) continue;
      upTo = event.version;
      const trigger = { eventVersion: event.version };
      const base = { rule, trigger, triggerActorId: event.actorId, depth: depthOf(event) };
      const reason = brokenBy(rule.trigger, rule.actions, event);
      if (reason) {
        jobs.push({ ...base, cardId: null, disable: reason });
        stopped.add(rule.id);
        break;
      }
      const cardId = subjectOf(rule.trigger, event);
      if (cardId) jobs.push({ ...base, cardId });
    }
    lookedAt.set(rule.id, upTo);
  }
  jobs.sort((a, b) => a.trigger.eventVersion! - b.trigger.eventVersion!);
  return { jobs, lookedAt, stopped };
}

/** How many rule changes led to this event (0: a person's). */
function depthOf(event: LogEntry): number {
  return event.rule?.depth ?? 0;
}

function ruleActor(rule: RuleRow, depth: number): RuleActor {
  return { id: null, name: 'Automation', rule: { _id: rule.id, name: rule.name }, depth };
}
