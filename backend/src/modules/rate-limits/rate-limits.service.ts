import { Injectable } from '@nestjs/common';
import { HourlyPurge } from '../../common/hourly-purge';
import { RateLimiter, type RateLimitOptions } from './rate-limiter';
import { RateLimitsRepository } from './rate-limits.repository';

/** Hands out limits counted in the database, and purges ended windows at start-up and hourly. */
@Injectable()
export class RateLimits extends HourlyPurge {
  protected readonly purged = 'ended rate-limit windows';

  constructor(private readonly store: RateLimitsRepository) {
    super();
  }

  limiter(options: RateLimitOptions): RateLimiter {
    return new RateLimiter(this.store, options);
  }

  protected deleteExpired(): Promise<number> {
    return this.store.purge();
  }
}
