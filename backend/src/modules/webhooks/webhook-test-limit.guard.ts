import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';

/** Test sends per person per window: plenty to fix a receiver, too few to probe a network with. */
export const WEBHOOK_TESTS_PER_WINDOW = 10;
export const WEBHOOK_TEST_WINDOW_SECONDS = 10 * 60;

/**
 * Limits `POST …/webhooks/{hid}/test`, which makes the server send a request at once, to
 * WEBHOOK_TESTS_PER_WINDOW per signed-in person, counted in the database so every instance agrees
 * (docs/api.md, webhooks); over it, 429 with Retry-After. Runs after sign-in, before the handler.
 */
@Injectable()
export class WebhookTestLimit implements CanActivate {
  private readonly perUser: RateLimiter;

  constructor(limits: RateLimits) {
    this.perUser = limits.limiter({
      prefix: 'webhook-test',
      points: WEBHOOK_TESTS_PER_WINDOW,
      windowSeconds: WEBHOOK_TEST_WINDOW_SECONDS,
      message: `Too many webhook tests: at most ${WEBHOOK_TESTS_PER_WINDOW} per ${WEBHOOK_TEST_WINDOW_SECONDS / 60} minutes. Please try again later.`,
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { user } = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    if (user) await this.perUser.consume(user.id);
    return true;
  }
}
