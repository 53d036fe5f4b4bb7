import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import { RateLimitedException } from '../../common/errors';

/** Failed logins per account and per address, registrations per address (429 with Retry-After). */
@Injectable()
export class AuthRateLimiter {
  private readonly loginByAccount: RateLimiterMemory;
  private readonly loginByAddress: RateLimiterMemory;
  private readonly registerByAddress: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { windowSeconds: duration, ...limits } = config.rateLimit;
    this.loginByAccount = new RateLimiterMemory({
      keyPrefix: 'login-account',
      points: limits.loginPerAccount,
      duration,
    });
    this.loginByAddress = new RateLimiterMemory({
      keyPrefix: 'login-ip',
      points: limits.loginPerAddress,
      duration,
    });
    this.registerByAddress = new RateLimiterMemory({
      keyPrefix: 'register-ip',
      points: limits.registerPerAddress,
      duration,
    });
  }

  /** Refuses a login attempt while the account or the address is locked out. */
  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([
      this.loginByAccount.get(email),
      this.loginByAddress.get(ip),
    ]);
    const blocked = [account, address].filter(
      (r): r is RateLimiterRes => !!r && r.remainingPoints <= 0 && r.consumedPoints > 0,
    );
    if (blocked.length) throw tooMany(Math.max(...blocked.map((r) => r.msBeforeNext)));
  }

  async recordLoginFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.loginByAccount.penalty(email, 1), this.loginByAddress.penalty(ip, 1)]);
  }

  async recordLoginSuccess(email: string): Promise<void> {
    await this.loginByAccount.delete(email);
  }

  async consumeRegistration(ip: string): Promise<void> {
    try {
      await this.registerByAddress.consume(ip);
    } catch (res) {
      throw tooMany((res as RateLimiterRes).msBeforeNext);
    }
  }
}

function tooMany(ms: number): RateLimitedException {
  return new RateLimitedException(Math.max(1, Math.ceil(ms / 1000)));
}
