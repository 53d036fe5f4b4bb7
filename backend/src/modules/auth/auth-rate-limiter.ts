import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';

/**
 * Failed logins per account and per address, registrations per address (429 with Retry-After),
 * counted in the database: two instances behind the load balancer share one count.
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

  /** Refuses a login attempt while the account or the address is locked out. */
  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([
      this.loginByAccount.exhausted(email),
      this.loginByAddress.exhausted(ip),
    ]);
    if (account || address) {
      const longest = [account, address].reduce((a, b) => ((b?.msLeft ?? 0) > (a?.msLeft ?? 0) ? b : a));
      throw this.loginByAccount.tooMany(longest!);
    }
  }

  async recordLoginFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.loginByAccount.penalise(email), this.loginByAddress.penalise(ip)]);
  }

  async recordLoginSuccess(email: string): Promise<void> {
    await this.loginByAccount.reset(email);
  }

  consumeRegistration(ip: string): Promise<void> {
    return this.registerByAddress.consume(ip);
  }
}
