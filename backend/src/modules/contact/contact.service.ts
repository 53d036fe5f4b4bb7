import { Injectable } from '@nestjs/common';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import type { ContactInput } from '@papan/shared';
import { RateLimitedException } from '../../common/errors';
import { ContactRepository } from './contact.repository';

/** Five messages per address per ten minutes: enough for a person, too few for a spammer. */
const MESSAGES_PER_WINDOW = 5;
const WINDOW_SECONDS = 600;

@Injectable()
export class ContactService {
  private readonly limiter = new RateLimiterMemory({
    keyPrefix: 'contact',
    points: MESSAGES_PER_WINDOW,
    duration: WINDOW_SECONDS,
  });

  constructor(private readonly messages: ContactRepository) {}

  async send(input: ContactInput, ip: string): Promise<{ message: string }> {
    try {
      await this.limiter.consume(ip);
    } catch (res) {
      throw new RateLimitedException(Math.ceil((res as RateLimiterRes).msBeforeNext / 1000));
    }
    await this.messages.insert(input);
    return { message: 'Your message has been sent successfully!' };
  }
}
