import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes expired rows (`deleteExpired`) at start-up and every hour. A failure (the database is
 * away) is logged and tried again at the next hour, never thrown.
 */
export abstract class HourlyPurge implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  /** How often: hourly unless a purger says otherwise. */
  protected readonly everyMs: number = PURGE_EVERY_MS;
  /** What is purged, for the log line ("expired idempotency keys"). */
  protected abstract readonly purged: string;
  protected abstract deleteExpired(): Promise<number>;

  async onApplicationBootstrap(): Promise<void> {
    await this.purge();
    this.timer = setInterval(() => void this.purge(), this.everyMs).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Purges now; answers how many rows went. */
  async purge(): Promise<number> {
    try {
      return await this.deleteExpired();
    } catch (err) {
      new Logger(this.constructor.name).warn(`Could not purge ${this.purged}: ${(err as Error).message}`);
      return 0;
    }
  }
}
