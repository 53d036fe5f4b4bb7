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

type Listener<T> = (event: T) => void;

/**
 * Committed changes, announced in process. The real-time gateway listens and fans them out;
 * nothing here runs before a transaction has committed.
 */
@Injectable()
export class DomainEvents {
  private readonly boardListeners = new Set<Listener<BoardEvent>>();
  private readonly notificationListeners = new Set<Listener<NotificationEvent>>();
  private readonly sessionListeners = new Set<Listener<SessionsEnded>>();
  private readonly userListeners = new Set<Listener<UserChange>>();
  private readonly adminStatsListeners = new Set<Listener<AdminStats>>();

  onBoardEvent(listener: Listener<BoardEvent>): () => void {
    this.boardListeners.add(listener);
    return () => this.boardListeners.delete(listener);
  }

  onNotification(listener: Listener<NotificationEvent>): () => void {
    this.notificationListeners.add(listener);
    return () => this.notificationListeners.delete(listener);
  }

  onSessionsEnded(listener: Listener<SessionsEnded>): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  publishSessionsEnded(event: SessionsEnded): void {
    this.sessionListeners.forEach((l) => l(event));
  }

  publishBoardEvent(event: BoardEvent): void {
    this.boardListeners.forEach((l) => l(event));
  }

  publishNotification(event: NotificationEvent): void {
    this.notificationListeners.forEach((l) => l(event));
  }

  onUserChange(listener: Listener<UserChange>): () => void {
    this.userListeners.add(listener);
    return () => this.userListeners.delete(listener);
  }

  publishUserChange(event: UserChange): void {
    this.userListeners.forEach((l) => l(event));
  }

  /** Fresh counts for the live admin dashboard (computed by the admin module, sent by the gateway). */
  onAdminStats(listener: Listener<AdminStats>): () => void {
    this.adminStatsListeners.add(listener);
    return () => this.adminStatsListeners.delete(listener);
  }

  publishAdminStats(stats: AdminStats): void {
    this.adminStatsListeners.forEach((l) => l(stats));
  }
}
