import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RateLimiter, type RateLimitOptions } from './rate-limiter';
import { RateLimitsRepository } from './rate-limits.repository';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Hands out limits counted in the database, and purges ended windows at start-up and hourly. */
@Injectable()
export class RateLimits implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RateLimits.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: RateLimitsRepository) {}

  limiter(options: RateLimitOptions): RateLimiter {
    return new RateLimiter(this.store, options);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.purge();
    this.timer = setInterval(() => void this.purge(), PURGE_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async purge(): Promise<number> {
    try {
      return await this.store.purge();
    } catch (err) {
      this.logger.warn(`Could not purge ended rate-limit windows: ${(err as Error).message}`);
      return 0;
    }
  }
}
