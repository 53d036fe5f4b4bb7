import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Namespace } from 'socket.io';
import type { BoardEvent } from '@papan/shared';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import { BoardAccessCache, changesAccess } from '../board-access/board-access.cache';
import { DomainEvents, type PinChange, type SessionsEnded } from '../board-changes/domain-events';
import { LiveSessions } from '../sessions/live-sessions';
import { adapterKind, LINK_LOST } from './socket-io.adapter';

/** The server-side event the instances tell each other what to forget with. */
const FORGET = 'papan:forget';
/** How long a request that ends access waits for the other instances to confirm. */
const ACK_TIMEOUT_MS = 2000;
/** After the adapter's link failed, how long nothing is cached (its reconnection takes up to 3 s). */
export const LINK_LOST_PAUSE_MS = 10_000;

export type RelayMessage =
  | { kind: 'board'; boardId: string; version: number; type: BoardEvent['type'] }
  | { kind: 'sessions'; ended: SessionsEnded }
  | { kind: 'user'; userId: string; type?: 'updated' | 'deleted' }
  | { kind: 'pin'; pin: PinChange }
  | { kind: 'token'; tokenId: string };
type Forget = RelayMessage;

/**
 * Keeps every instance's caches (LiveSessions, BoardAccessCache) in step with changes made on
 * another instance, through the socket.io adapter that already carries board events between them.
 * A change that ends access (a session, a membership, a board) waits until every other instance
 * has confirmed it forgot: the request that made it answers only then. A plain change (a new
 * version) does not wait. When the adapter's link fails, messages may be lost: everything is
 * forgotten and nothing is kept until the link has had time to come back.
 */
@Injectable()
export class InstanceRelay implements OnModuleDestroy {
  private readonly logger = new Logger(InstanceRelay.name);
  private readonly unsubscribe: (() => void)[] = [];
  private namespace: Namespace | null = null;
  private resume: NodeJS.Timeout | undefined;
  /** Who else hears what another instance told (the stream hub ends streams with it). */
  private readonly remote = new Set<(message: RelayMessage) => void>();

  constructor(
    private readonly events: DomainEvents,
    private readonly sessions: LiveSessions,
    private readonly boards: BoardAccessCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts relaying through this namespace's adapter; a single instance (in-memory) has no one to tell. */
  attach(namespace: Namespace): void {
    if (adapterKind(this.config) === 'memory') return;
    this.namespace = namespace;
    namespace.on(FORGET, (message: Forget, ack?: () => void) => {
      this.apply(message);
      ack?.();
    });
    namespace.adapter.on(LINK_LOST, () => this.linkLost());
    this.unsubscribe.push(
      this.events.onAwaited('board', (e) =>
        this.tell(
          { kind: 'board', boardId: e.boardId, version: e.version, type: e.type },
          changesAccess(e.type),
        ),
      ),
      this.events.onAwaited('sessionsEnded', (ended) => this.tell({ kind: 'sessions', ended }, true)),
      this.events.onAwaited('user', ({ type, userId }) =>
        type === 'created' ? undefined : this.tell({ kind: 'user', userId, type }, true),
      ),
      this.events.onAwaited('tokenRevoked', ({ tokenId }) => this.tell({ kind: 'token', tokenId }, true)),
      this.events.onAwaited('pin', (pin) => this.tell({ kind: 'pin', pin }, false)),
    );
  }

  /** Subscribes to the messages of the other instances; answers the unsubscribe. */
  onRemote(listener: (message: RelayMessage) => void): () => void {
    this.remote.add(listener);
    return () => this.remote.delete(listener);
  }

  onModuleDestroy(): void {
    this.unsubscribe.forEach((u) => u());
    clearTimeout(this.resume);
  }

  private apply(message: Forget): void {
    if (message.kind === 'board') this.boards.boardChanged(message.boardId, message.version, message.type);
    else if (message.kind === 'sessions') this.sessions.forget(message.ended);
    else if (message.kind === 'user') {
      this.sessions.forget({ userId: message.userId });
      this.boards.forgetUser(message.userId);
    } else if (message.kind === 'pin') this.boards.forget(message.pin.boardId, message.pin.userId);
    this.remote.forEach((listener) => listener(message));
  }

  private async tell(message: Forget, wait: boolean): Promise<void> {
    const namespace = this.namespace;
    if (!namespace) return;
    // Alone (no other instance heard from), a plain change tells no one: no NOTIFY per move.
    if (!wait) {
      if ((await namespace.adapter.serverCount()) > 1) namespace.serverSideEmit(FORGET, message);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ACK_TIMEOUT_MS} ms`)), ACK_TIMEOUT_MS);
    });
    try {
      await Promise.race([namespace.serverSideEmitWithAck(FORGET, message), timeout]);
    } catch (err) {
      // An instance that does not answer is gone or cut off; a cut-off one forgets on its own (linkLost).
      this.logger.warn(`not every instance confirmed ${message.kind}: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private linkLost(): void {
    this.sessions.reset(false);
    this.boards.reset(false);
    clearTimeout(this.resume);
    this.resume = setTimeout(() => {
      this.sessions.reset(true);
      this.boards.reset(true);
    }, LINK_LOST_PAUSE_MS);
    this.resume.unref();
  }
}
