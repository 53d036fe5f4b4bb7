import { RateLimitedException } from '../../common/errors';
import type { RateLimitsRepository, WindowCount } from './rate-limits.repository';

export interface RateLimitOptions {
  /** Names the limit; keys of different limits never meet. */
  prefix: string;
  /** Attempts allowed in one window; 0 turns the limit off (nothing is counted). */
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

  /** False when the limit is turned off (points 0): it never refuses and never writes. */
  get enabled(): boolean {
    return this.options.points > 0;
  }

  /**
   * Counts one attempt by `who` before the work it guards, in one statement, so parallel attempts
   * cannot all slip in under the limit; 429 (with Retry-After) when it goes over.
   */
  async consume(who: string): Promise<void> {
    if (!this.enabled) return;
    const count = await this.store.add(this.key(who), 1, this.options.windowSeconds);
    if (count.points > this.options.points) throw this.tooMany(count);
  }

  /** Gives back one attempt of `who`'s current window (it did not use up what it guards). */
  async refund(who: string): Promise<void> {
    if (this.enabled) await this.store.refund(this.key(who), 1);
  }

  /** Forgets `who`'s attempts (a successful login clears the account's failures). */
  async reset(who: string): Promise<void> {
    if (this.enabled) await this.store.delete(this.key(who));
  }

  tooMany(count: WindowCount): RateLimitedException {
    return new RateLimitedException(Math.max(1, Math.ceil(count.msLeft / 1000)), this.options.message);
  }

  private key(who: string): string {
    return `${this.options.prefix}:${who}`;
  }
}
