import { RateLimitedException } from '../../common/errors';
import type { RateLimitsRepository, WindowCount } from './rate-limits.repository';

export interface RateLimitOptions {
  /** Names the limit; keys of different limits never meet. */
  prefix: string;
  /** Attempts allowed in one window. */
  points: number;
  windowSeconds: number;
  message?: string;
}

/**
 * One limit (e.g. five contact messages per address per ten minutes), counted in the database so
 * that every instance behind the load balancer sees the same attempts.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitsRepository,
    private readonly options: RateLimitOptions,
  ) {}

  /** Counts one attempt by `who`; 429 (with Retry-After) when it goes over the limit. */
  async consume(who: string): Promise<void> {
    const count = await this.store.add(this.key(who), 1, this.options.windowSeconds);
    if (count.points > this.options.points) throw this.tooMany(count);
  }

  /** Counts one attempt by `who` without refusing it (a failed login is answered 401 anyway). */
  async penalise(who: string): Promise<void> {
    await this.store.add(this.key(who), 1, this.options.windowSeconds);
  }

  /** The window's count for `who` when it has used up its attempts, else null. */
  async exhausted(who: string): Promise<WindowCount | null> {
    const count = await this.store.find(this.key(who));
    return count && count.points >= this.options.points ? count : null;
  }

  /** Forgets `who`'s attempts (a successful login clears the account's failures). */
  reset(who: string): Promise<void> {
    return this.store.delete(this.key(who));
  }

  tooMany(count: WindowCount): RateLimitedException {
    return new RateLimitedException(Math.max(1, Math.ceil(count.msLeft / 1000)), this.options.message);
  }

  private key(who: string): string {
    return `${this.options.prefix}:${who}`;
  }
}
