import { Injectable } from '@nestjs/common';
import { HourlyPurge } from '../../common/hourly-purge';
import { IDEMPOTENCY_TTL_MS } from './idempotency-key';
import { IdempotencyRepository } from './idempotency.repository';

/** Deletes stored answers older than 24 h at start-up and every hour. */
@Injectable()
export class IdempotencyPurger extends HourlyPurge {
  protected readonly purged = 'expired idempotency keys';

  constructor(private readonly store: IdempotencyRepository) {
    super();
  }

  protected deleteExpired(): Promise<number> {
    return this.store.purge(IDEMPOTENCY_TTL_MS);
  }
}
