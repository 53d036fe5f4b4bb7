import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { IDEMPOTENCY_TTL_MS } from './idempotency-key';
import { IdempotencyRepository } from './idempotency.repository';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Deletes stored answers older than 24 h at start-up and every hour. */
@Injectable()
export class IdempotencyPurger implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(IdempotencyPurger.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: IdempotencyRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.purge();
    this.timer = setInterval(() => void this.purge(), PURGE_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async purge(): Promise<number> {
    try {
      return await this.store.purge(IDEMPOTENCY_TTL_MS);
    } catch (err) {
      this.logger.warn(`Could not purge expired idempotency keys: ${(err as Error).message}`);
      return 0;
    }
  }
}
