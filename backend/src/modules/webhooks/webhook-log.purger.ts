import { Injectable } from '@nestjs/common';
import { WEBHOOK_LIMITS } from '@papan/shared';
import { HourlyPurge } from '../../common/hourly-purge';
import { WebhooksRepository } from './webhooks.repository';

/** Each webhook's delivery log keeps its last WEBHOOK_LIMITS.deliveries attempts. */
@Injectable()
export class WebhookLogPurger extends HourlyPurge {
  protected override readonly everyMs = 60_000;
  protected readonly purged = 'old webhook delivery attempts';

  constructor(private readonly webhooks: WebhooksRepository) {
    super();
  }

  protected deleteExpired(): Promise<number> {
    return this.webhooks.purgeAttempts(WEBHOOK_LIMITS.deliveries);
  }
}
