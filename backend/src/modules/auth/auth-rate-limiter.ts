import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import { RateLimitedException } from '../../common/errors';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';

/**
 * Login attempts per account and per address, registrations per address (429 with Retry-After),
 * counted in the database: two instances behind the load balancer share one count. Each limit can
 * be turned off with 0 (RATE_LIMIT_*).
 */
@Injectable()
export class AuthRateLimiter {
  private readonly loginByAccount: RateLimiter;
  private readonly loginByAddress: RateLimiter;
  private readonly registerByAddress: RateLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig, limits: RateLimits) {
    const { windowSeconds, loginPerAccount, loginPerAddress, registerPerAddress } = config.rateLimit;
    this.loginByAccount = limits.limiter({ prefix: 'login-account', points: loginPerAccount, windowSeconds });
    this.loginByAddress = limits.limiter({ prefix: 'login-ip', points: loginPerAddress, windowSeconds });
    this.registerByAddress = limits.limiter({
      prefix: 'register-ip',
      points: registerPerAddress,
      windowSeconds,
    });
  }

  /**
   * Counts a login attempt for the account and the address before the password is checked, so at
   * most the limit's attempts per window ever reach the password hash, however many arrive at once.
   * A refused attempt gives its points back and answers 429 with the longer wait.
   */
  async startLogin(email: string, ip: string): Promise<void> {
    const counted = await Promise.allSettled([
      this.loginByAccount.consume(email),
      this.loginByAddress.consume(ip),
    ]);
    const errors = counted.flatMap((c) => (c.status === 'rejected' ? [c.reason as Error] : []));
    if (errors.length === 0) return;
    await Promise.all([this.loginByAccount.refund(email), this.loginByAddress.refund(ip)]);
    // A database failure answers as such (503), not as a wait.
    const limited = errors.filter((e) => e instanceof RateLimitedException);
    if (limited.length < errors.length) throw errors.find((e) => !(e instanceof RateLimitedException));
    throw limited.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
  }

  /** A failed attempt keeps its points. A success clears the account's and frees the address's. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    await Promise.all([this.loginByAccount.reset(email), this.loginByAddress.refund(ip)]);
  }

  consumeRegistration(ip: string): Promise<void> {
    return this.registerByAddress.consume(ip);
  }
}
