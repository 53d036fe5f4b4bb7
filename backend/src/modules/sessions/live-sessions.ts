import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DomainEvents, type SessionsEnded } from '../board-changes/domain-events';
import { SessionsRepository } from './sessions.repository';

type LiveSession = NonNullable<Awaited<ReturnType<SessionsRepository['findLive']>>>;

/**
 * How long an entry is trusted without news. Ends, role changes and profile changes reach the
 * cache at once (DomainEvents here, InstanceRelay from the other instances); this only bounds a
 * change made outside the app or lost between instances (docs/decisions.md, "Per-instance caches").
 */
export const LIVE_SESSION_TTL_MS = 60_000;
/** A bound on memory: past it the cache starts over (refilling costs one read per session). */
const MAX_ENTRIES = 50_000;

/**
 * The login sessions this instance has seen alive, with their user, so an authenticated request
 * (every 5-second poll) does not read them again. Filled on first use; an ended session, or any
 * change to its user, is forgotten when the event arrives.
 */
@Injectable()
export class LiveSessions implements OnModuleDestroy {
  private readonly entries = new Map<string, { live: LiveSession; until: number }>();
  /** Bumped by every forget: a read that began before it must not store what it found. */
  private generation = 0;
  private enabled = true;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly repo: SessionsRepository,
    events: DomainEvents,
  ) {
    this.unsubscribe = [
      events.on('sessionsEnded', (ended) => this.forget(ended)),
      events.on('user', ({ type, userId }) => type !== 'created' && this.forget({ userId })),
    ];
  }

  onModuleDestroy(): void {
    this.unsubscribe.forEach((u) => u());
  }

  async find(sid: string, userId: string): Promise<LiveSession | undefined> {
    const hit = this.entries.get(sid);
    if (hit && hit.live.user.id === userId && hit.until > Date.now()) return hit.live;
    const generation = this.generation;
    const live = await this.repo.findLive(sid, userId);
    if (live && this.enabled && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(sid, { live, until: Date.now() + LIVE_SESSION_TTL_MS });
    }
    return live;
  }

  async touch(sid: string, olderThan: Date): Promise<void> {
    await this.repo.touch(sid, olderThan);
    const hit = this.entries.get(sid);
    if (hit) hit.live = { ...hit.live, lastUsedAt: new Date() };
  }

  forget(ended: SessionsEnded): void {
    this.generation++;
    if ('sid' in ended) {
      this.entries.delete(ended.sid);
      return;
    }
    for (const [sid, { live }] of this.entries) {
      if (live.user.id === ended.userId && sid !== ended.keepSid) this.entries.delete(sid);
    }
  }

  /** Forgets everything; with `enabled` false, stores nothing until enabled again. */
  reset(enabled = true): void {
    this.generation++;
    this.entries.clear();
    this.enabled = enabled;
  }
}
