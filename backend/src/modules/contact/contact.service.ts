import { Injectable } from '@nestjs/common';
import type { ContactInput } from '@papan/shared';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';
import { ContactRepository } from './contact.repository';

/** Five messages per address per ten minutes: enough for a person, too few for a spammer. */
const MESSAGES_PER_WINDOW = 5;
const WINDOW_SECONDS = 600;

@Injectable()
export class ContactService {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly messages: ContactRepository,
    limits: RateLimits,
  ) {
    this.limiter = limits.limiter({
      prefix: 'contact',
      points: MESSAGES_PER_WINDOW,
      windowSeconds: WINDOW_SECONDS,
    });
  }

  async send(input: ContactInput, ip: string): Promise<{ message: string }> {
    await this.limiter.consume(ip);
    await this.messages.insert(input);
    return { message: 'Your message has been sent successfully!' };
  }
}
