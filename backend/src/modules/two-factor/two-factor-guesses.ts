import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';

/**
 * Codes guessed, per account and per client address, on the sign-in's budget (RATE_LIMIT_LOGIN_*):
 * five wrong codes end one challenge, and these keep new challenges from adding guesses without
 * end (docs/security.md, "Two-factor sign-in").
 */
@Injectable()
export class TwoFactorGuesses {
  private readonly byAccount: RateLimiter;
  private readonly byAddress: RateLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig, limits: RateLimits) {
    const { loginPerAccount, loginPerAddress, windowSeconds } = config.rateLimit;
    this.byAccount = limits.limiter({ prefix: '2fa-account', points: loginPerAccount, windowSeconds });
    this.byAddress = limits.limiter({ prefix: '2fa-ip', points: loginPerAddress, windowSeconds });
  }

  /** Counted before the code is checked, so parallel guesses cannot outrun the count. */
  async start(userId: string, ip: string): Promise<void> {
    try {
      await this.byAddress.consume(ip);
      await this.byAccount.consume(userId);
    } catch (err) {
      await Promise.all([this.byAddress.refund(ip), this.byAccount.refund(userId)]);
      throw err;
    }
  }

  /** A right code: the account's failures are forgotten and the address's attempt given back. */
  async succeeded(userId: string, ip: string): Promise<void> {
    await Promise.all([this.byAccount.reset(userId), this.byAddress.refund(ip)]);
  }
}
