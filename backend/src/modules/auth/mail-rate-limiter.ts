import { Injectable } from '@nestjs/common';
import { RateLimitedException } from '../../common/errors';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';

/** Links sent per address and per caller's network address in 15 minutes: nobody's mailbox gets flooded. */
export const MAIL_PER_ADDRESS = 3;
export const MAIL_PER_CALLER = 20;
const WINDOW_SECONDS = 15 * 60;

/** How often one address, or one caller, can have a verification or reset link sent. */
@Injectable()
export class MailRateLimiter {
  private readonly byAddress: RateLimiter;
  private readonly byCaller: RateLimiter;

  constructor(limits: RateLimits) {
    const message = 'Too many messages were asked for. Please try again later.';
    this.byAddress = limits.limiter({
      prefix: 'mail-to',
      points: MAIL_PER_ADDRESS,
      windowSeconds: WINDOW_SECONDS,
      message,
    });
    this.byCaller = limits.limiter({
      prefix: 'mail-ip',
      points: MAIL_PER_CALLER,
      windowSeconds: WINDOW_SECONDS,
      message,
    });
  }

  /** 429 (with Retry-After) once the caller or the address has had its share. */
  async consume(email: string, ip: string): Promise<void> {
    await this.byCaller.consume(ip);
    await this.byAddress.consume(email);
  }

  /** Counts a request for an address without telling whether it went over (forgot-password). */
  async allows(email: string, ip: string): Promise<boolean> {
    await this.byCaller.consume(ip);
    try {
      await this.byAddress.consume(email);
      return true;
    } catch (err) {
      if (err instanceof RateLimitedException) return false;
      throw err;
    }
  }
}
