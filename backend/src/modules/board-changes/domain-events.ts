import { Injectable } from '@nestjs/common';
import type { AdminStats, BoardEvent, Notification } from '@papan/shared';

export interface NotificationEvent {
  userId: string;
  notification: Notification;
}

/** Login sessions whose sockets must go now: one session, or all of a user's but `keepSid`. */
export type SessionsEnded = { sid: string } | { userId: string; keepSid?: string };

/** An account came, changed (what a request knows of its caller: name, e-mail) or went. */
export interface UserChange {
  type: 'created' | 'updated' | 'deleted';
  userId: string;
}

/** A user pinned or unpinned a board (part of the board's ETag for them). */
export interface PinChange {
  boardId: string;
  userId: string;
}

/** Every domain event by name, with what it carries. */
export interface DomainEventMap {
  /** A committed board change. */
  board: BoardEvent;
  notification: NotificationEvent;
  sessionsEnded: SessionsEnded;
  user: UserChange;
  pin: PinChange;
  /**
   * A personal API token was revoked (docs/api.md, "Personal API tokens"): whatever it holds open
   * ends.
   */
  tokenRevoked: { tokenId: string };
  /** Fresh counts for the live admin dashboard (computed by the admin module, sent by the gateway). */
  adminStats: AdminStats;
}

type Listener<T> = (event: T) => void;
type Listeners = { [K in keyof DomainEventMap]: Set<Listener<DomainEventMap[K]>> };

/**
 * Committed changes, announced in process: a typed emitter whose listeners run synchronously, in
 * the order they subscribed. The real-time gateway listens and fans them out; nothing here runs
 * before a transaction has committed. `publish` resolves once the promises of the listeners that
 * asked for it (`onAwaited`) have settled: a request that ends access awaits it, so every instance
 * has forgotten that access before the request answers (InstanceRelay).
 */
@Injectable()
export class DomainEvents {
  private readonly listeners: Listeners = {
    board: new Set(),
    notification: new Set(),
    sessionsEnded: new Set(),
    user: new Set(),
    pin: new Set(),
    tokenRevoked: new Set(),
    adminStats: new Set(),
  };

  /** Listeners whose answer `publish` waits for. */
  private readonly awaited = new WeakSet<object>();

  /** Subscribes; answers the unsubscribe. */
  on<K extends keyof DomainEventMap>(name: K, listener: Listener<DomainEventMap[K]>): () => void {
    const set = this.listeners[name] as Set<Listener<DomainEventMap[K]>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** As `on`; `publish` also waits until the promise the listener answers has settled. */
  onAwaited<K extends keyof DomainEventMap>(
    name: K,
    listener: (event: DomainEventMap[K]) => Promise<unknown> | undefined,
  ): () => void {
    this.awaited.add(listener);
    return this.on(name, listener);
  }

  async publish<K extends keyof DomainEventMap>(name: K, event: DomainEventMap[K]): Promise<void> {
    const pending: unknown[] = [];
    (this.listeners[name] as Set<Listener<DomainEventMap[K]>>).forEach((listener) => {
      const answer: unknown = listener(event);
      if (this.awaited.has(listener) && answer instanceof Promise) pending.push(answer);
    });
    if (pending.length) await Promise.allSettled(pending);
  }
}
