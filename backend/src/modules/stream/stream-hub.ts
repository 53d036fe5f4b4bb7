import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { BoardEvent } from '@papan/shared';
import { sendable } from '../../common/board-event-check';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { DomainEvents, type SessionsEnded } from '../board-changes/domain-events';
import { BoardEventsRepository } from '../board-events/board-events.repository';
import { InstanceRelay, type RelayMessage } from '../realtime/instance-relay';
import { atExpiry } from '../realtime/token-expiry';
import { BlockedUsersRepository } from '../users/blocked-users.repository';

/** Why a subscription ended: its access went (the first five), or it can no longer follow. */
export type StreamEndReason = 'revoked' | 'expired' | 'session' | 'removed' | 'deleted' | 'resync' | 'error';

/** Where a subscription's events go: an SSE response or a `/stream` socket. */
export interface StreamSink {
  send(event: BoardEvent): void;
  end(reason: StreamEndReason, version: number): void;
}

/** The resume point is older than the log: the reader reads the whole board (version: the current one). */
export class StreamResync extends Error {
  constructor(readonly version: number) {
    super('resync');
  }
}

export interface StreamSubscription {
  /** The last version sent (or passed over as hidden) once the replay was done. */
  readonly version: number;
  close(): void;
}

const PAGE = 1000;

class Subscriber {
  /** Every version up to this one was sent or skipped; what comes next must be lastSeen + 1. */
  lastSeen: number;
  closed = false;
  /** Deliveries one after another: replay, then live events in version order. */
  chain: Promise<void> = Promise.resolve();
  cancelExpiry: () => void = () => undefined;

  constructor(
    readonly user: AuthUser,
    readonly boardId: string,
    readonly sink: StreamSink,
    after: number,
  ) {
    this.lastSeen = after;
  }
}

/**
 * One hub per instance (docs/decisions.md, "The live stream") keeps every open stream (SSE or
 * `/stream` socket) by board. A subscription replays the log after its resume point, then takes
 * live events in version order: a version at or below the last sent is dropped, a jump is filled
 * from the log. Live events come from this instance's commits (with their payload) and, for changes
 * on other instances, from InstanceRelay's note of the new version, filled from the shared log.
 * Whatever ends access (token revoked or expired, session ended, user deleted, member removed,
 * board deleted) ends the subscriptions it concerns, here and, through the relay, on every other
 * instance.
 */
@Injectable()
export class StreamHub implements OnModuleDestroy {
  private readonly logger = new Logger(StreamHub.name);
  private readonly boards = new Map<string, Set<Subscriber>>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly access: BoardAccess,
    private readonly log: BoardEventsRepository,
    private readonly blocked: BlockedUsersRepository,
    events: DomainEvents,
    relay: InstanceRelay,
  ) {
    this.unsubscribe = [
      events.on('board', (e) => this.committed(e)),
      events.on('sessionsEnded', (e) => this.sessionsEnded(e)),
      events.on(
        'user',
        (e) => e.type === 'deleted' && this.endWhere((s) => s.user.id === e.userId, 'revoked'),
      ),
      events.on('tokenRevoked', (e) => this.endWhere((s) => s.user.token?.id === e.tokenId, 'revoked')),
      relay.onRemote((m) => this.remote(m)),
    ];
  }

  onModuleDestroy(): void {
    this.unsubscribe.forEach((u) => u());
    this.endWhere(() => true, 'error');
  }

  /** How many subscriptions this instance holds (tests, metrics). */
  get size(): number {
    let n = 0;
    this.boards.forEach((subs) => (n += subs.size));
    return n;
  }

  /**
   * Checks access (404, then 403), replays the events after `after` (null: from now) and follows
   * the board. Throws StreamResync when the log no longer holds what comes after `after`. Live
   * events wait for `liveAfter` too: the `/stream` socket's acknowledgement goes out first.
   */
  async subscribe(
    user: AuthUser,
    boardId: string,
    after: number | null,
    sink: StreamSink,
    liveAfter?: Promise<void>,
  ): Promise<StreamSubscription> {
    const board = await this.access.member(boardId, user);
    // A client ahead of the board (another database, a typo) gets what comes from here on.
    const sub = new Subscriber(user, board.id, sink, Math.min(after ?? board.version, board.version));
    // Registered before the replay: live events wait in the chain behind it, none is missed.
    let subs = this.boards.get(board.id);
    if (!subs) this.boards.set(board.id, (subs = new Set()));
    subs.add(sub);
    if (user.exp) sub.cancelExpiry = atExpiry(user.exp, () => this.end(sub, 'expired'));
    // Not through enqueue: a failed replay is the caller's answer (resync, error), not an ending.
    const replay = this.fill(sub, board.version);
    sub.chain = replay.then(() => liveAfter).catch(() => undefined);
    try {
      await replay;
    } catch (err) {
      this.detach(sub);
      throw err;
    }
    return { version: sub.lastSeen, close: () => this.detach(sub) };
  }

  private enqueue(sub: Subscriber, step: () => Promise<void>): Promise<void> {
    const run = sub.chain.then(() => (sub.closed ? undefined : step()));
    sub.chain = run.catch((err: unknown) => {
      if (sub.closed) return;
      if (err instanceof StreamResync) return this.end(sub, 'resync', err.version);
      this.logger.warn(`stream of ${sub.boardId} ended: ${(err as Error).message}`);
      this.end(sub, 'error');
    });
    return run;
  }

  /** Sends what the log holds after lastSeen, up to `upTo` at least; a hole means it was dropped. */
  private async fill(sub: Subscriber, upTo: number): Promise<void> {
    while (sub.lastSeen < upTo && !sub.closed) {
      const rows = await this.log.after(sub.boardId, sub.lastSeen, PAGE, sub.user.id);
      // Checked before anything is sent: a reader told to resync has not been half served.
      const last = rows.at(-1)?.event.version ?? 0;
      const complete =
        rows.every((row, i) => row.event.version === sub.lastSeen + 1 + i) &&
        (rows.length === PAGE || last >= upTo);
      if (!complete) throw new StreamResync(Math.max(upTo, last));
      for (const { event, hidden } of rows) {
        this.deliver(sub, event, hidden);
        if (sub.closed) return;
      }
    }
  }

  private deliver(sub: Subscriber, event: BoardEvent, hidden: boolean): void {
    sub.lastSeen = event.version;
    // Comments by someone who blocked the reader are left out, as in the log and on the socket.
    if (!hidden) sub.sink.send(event);
    // Access ends with the event that ends it, which the reader still gets.
    if (event.type === 'member.removed' && event.payload.userId === sub.user.id) this.end(sub, 'removed');
    else if (event.type === 'board.deleted') this.end(sub, 'deleted');
  }

  /** A change committed on this instance, with its payload. */
  private committed(event: BoardEvent): void {
    const subs = this.boards.get(event.boardId);
    if (!subs?.size) return;
    // Checked once for all its streams; one that fails goes to none (the next event finds the gap,
    // and the log, which leaves it out too, sends them to the whole board).
    if (!sendable(event, 'stream')) return;
    // Null when that list cannot be read: the log then says who may see the comment.
    const blockedBy: Promise<Set<string> | null> =
      event.type.startsWith('comment.') && event.actorId !== null
        ? this.blocked.blockedIdsOf(event.actorId).then(
            (ids) => new Set(ids),
            () => null,
          )
        : Promise.resolve(new Set<string>());
    for (const sub of subs) {
      this.enqueue(sub, async () => {
        if (event.version <= sub.lastSeen) return;
        // Behind: what is missing (and this event) comes from the log, with its hidden marks.
        const blocked = await blockedBy;
        if (event.version > sub.lastSeen + 1 || !blocked) return this.fill(sub, event.version);
        this.deliver(sub, event, blocked.has(sub.user.id));
      }).catch(() => undefined);
    }
  }

  /** What another instance told: a new version to fetch from the log, or access that ended. */
  private remote(message: RelayMessage): void {
    if (message.kind === 'board') {
      const subs = this.boards.get(message.boardId);
      if (!subs?.size) return;
      // The log of a deleted board went with it: there is nothing to fetch, only to end.
      if (message.type === 'board.deleted')
        return this.endWhere((s) => s.boardId === message.boardId, 'deleted');
      for (const sub of subs) this.enqueue(sub, () => this.fill(sub, message.version)).catch(() => undefined);
    } else if (message.kind === 'sessions') this.sessionsEnded(message.ended);
    else if (message.kind === 'user' && message.type === 'deleted')
      this.endWhere((s) => s.user.id === message.userId, 'revoked');
    else if (message.kind === 'token') this.endWhere((s) => s.user.token?.id === message.tokenId, 'revoked');
  }

  /** Login sessions ended: the streams opened with them end; API tokens are not login sessions. */
  private sessionsEnded(ended: SessionsEnded): void {
    if ('sid' in ended) return this.endWhere((s) => s.user.sid === ended.sid, 'session');
    this.endWhere(
      (s) => s.user.id === ended.userId && !s.user.token && s.user.sid !== ended.keepSid,
      'session',
    );
  }

  private endWhere(predicate: (sub: Subscriber) => boolean, reason: StreamEndReason): void {
    for (const subs of [...this.boards.values()]) {
      for (const sub of [...subs]) if (predicate(sub)) this.end(sub, reason);
    }
  }

  private end(sub: Subscriber, reason: StreamEndReason, version = sub.lastSeen): void {
    if (sub.closed) return;
    this.detach(sub);
    sub.sink.end(reason, version);
  }

  private detach(sub: Subscriber): void {
    sub.closed = true;
    sub.cancelExpiry();
    const subs = this.boards.get(sub.boardId);
    subs?.delete(sub);
    if (subs && !subs.size) this.boards.delete(sub.boardId);
  }
}
