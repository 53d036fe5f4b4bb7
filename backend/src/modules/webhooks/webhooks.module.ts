import { Module } from '@nestjs/common';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookLogPurger } from './webhook-log.purger';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Signed, durable, retried webhooks fed by the board event log (docs/api.md, "Webhooks"). */
@Module({
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookDispatcher, WebhookLogPurger],
  exports: [WebhooksRepository],
})
export class WebhooksModule {}
