import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { BoardEventType } from '@papan/shared';
import { DomainEvents } from '../board-changes/domain-events';
import { AdminStatsRepository } from './admin-stats.repository';

/** Board events that change what the dashboard counts (boards, lists, live cards). */
const COUNTED: ReadonlySet<BoardEventType> = new Set([
  'board.created',
  'board.deleted',
  'list.created',
  'list.deleted',
  'card.created',
  'card.deleted',
  'card.copied',
]);

/** A burst of changes (a bulk delete, a busy board) becomes one recount and one push. */
export const ADMIN_STATS_DEBOUNCE_MS = 250;

/**
 * The one place the live admin dashboard is fed (`admin:stats`, docs/realtime.md): every committed
 * change that alters the counts schedules a recount, and the fresh numbers go to the `admins` room.
 */
@Injectable()
export class AdminStatsPublisher implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AdminStatsPublisher.name);
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly events: DomainEvents,
    private readonly stats: AdminStatsRepository,
  ) {}

  onModuleInit(): void {
    this.unsubscribe.push(
      this.events.on('board', (e) => COUNTED.has(e.type) && this.schedule()),
      this.events.on('user', () => this.schedule()),
    );
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.unsubscribe.forEach((u) => u());
    if (this.timer) clearTimeout(this.timer);
  }

  /** Counts will be recounted and pushed once, shortly. */
  schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), ADMIN_STATS_DEBOUNCE_MS);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    this.timer = null;
    try {
      const stats = await this.stats.counts();
      if (!this.closed) this.events.publish('adminStats', stats);
    } catch (err) {
      if (!this.closed) this.logger.warn(`admin stats unavailable: ${(err as Error).message}`);
    }
  }
}
