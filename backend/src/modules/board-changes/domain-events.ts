import { Injectable } from '@nestjs/common';
import type { AdminStats, BoardEvent, Notification } from '@papan/shared';

export interface NotificationEvent {
  userId: string;
  notification: Notification;
}

/** Login sessions whose sockets must go now: one session, or all of a user's but `keepSid`. */
export type SessionsEnded = { sid: string } | { userId: string; keepSid?: string };

/** An account came or went (the admin dashboard's user count). */
export interface UserChange {
  type: 'created' | 'deleted';
  userId: string;
}

/** Every domain event by name, with what it carries. */
export interface DomainEventMap {
  /** A committed board change. */
  board: BoardEvent;
  notification: NotificationEvent;
  sessionsEnded: SessionsEnded;
  user: UserChange;
  /** Fresh counts for the live admin dashboard (computed by the admin module, sent by the gateway). */
  adminStats: AdminStats;
}

type Listener<T> = (event: T) => void;
type Listeners = { [K in keyof DomainEventMap]: Set<Listener<DomainEventMap[K]>> };

/**
 * Committed changes, announced in process: a typed emitter whose listeners run synchronously, in
 * the order they subscribed. The real-time gateway listens and fans them out; nothing here runs
 * before a transaction has committed.
 */
@Injectable()
export class DomainEvents {
  private readonly listeners: Listeners = {
    board: new Set(),
    notification: new Set(),
    sessionsEnded: new Set(),
    user: new Set(),
    adminStats: new Set(),
  };

  /** Subscribes; answers the unsubscribe. */
  on<K extends keyof DomainEventMap>(name: K, listener: Listener<DomainEventMap[K]>): () => void {
    const set = this.listeners[name] as Set<Listener<DomainEventMap[K]>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  publish<K extends keyof DomainEventMap>(name: K, event: DomainEventMap[K]): void {
    (this.listeners[name] as Set<Listener<DomainEventMap[K]>>).forEach((listener) => listener(event));
  }
}
