import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type CreateWebhook,
  type UpdateWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
} from '@papan/shared';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { requireProvenAddress } from '../../common/proven-address';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { AuditService, auditActor } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
import { BoardAccess } from '../board-access/board-access.service';
import { webhookBody } from './webhook-body';
import { sendWebhook } from './webhook-sender';
import { newSigningKey } from './webhook-signature';
import { WebhookDispatcher } from './webhook-dispatcher';
import { toWebhook, WebhooksRepository } from './webhooks.repository';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';

/** A board's owner manages its webhooks; everyone else gets 403 (docs/api.md, "Webhooks"). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly access: BoardAccess,
    private readonly webhooks: WebhooksRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly audit: AuditService,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(boardId: string, user: AuthUser, input: CreateWebhook): Promise<CreatedWebhook> {
    await this.access.require(user, { boardId }, 'owner');
    requireProvenAddress(user, this.config.mail, 'webhooks');
    if ((await this.webhooks.countOnBoard(boardId)) >= WEBHOOK_LIMITS.perBoard)
      throw new BadRequestException(`url: a board has at most ${WEBHOOK_LIMITS.perBoard} webhooks`);
    const { key, secret } = newSigningKey();
    const row = await this.db.transaction(async (tx) => {
      const created = await this.webhooks.insert(
        boardId,
        user.id,
        { url: input.url, events: input.events, secret: key },
        tx,
      );
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...currentRequestMeta(),
        action: 'webhook.created',
        target: { type: 'webhook', _id: created.id },
        details: { boardId, url: input.url, events: input.events },
      });
      return created;
    });
    this.dispatcher.watch(boardId);
    return { ...toWebhook(row), secret };
  }

  async list(boardId: string, user: AuthUser): Promise<WebhookList> {
    await this.access.require(user, { boardId }, 'owner');
    return { webhooks: (await this.webhooks.list(boardId)).map(toWebhook) };
  }

  async update(boardId: string, id: string, user: AuthUser, patch: UpdateWebhook): Promise<Webhook> {
    await this.access.require(user, { boardId }, 'owner');
    const row = await this.webhooks.update(boardId, id, patch);
    if (!row) throw new NotFoundException(WEBHOOK_NOT_FOUND);
    if (row.active) this.dispatcher.watch(boardId);
    return toWebhook(row);
  }

  async delete(boardId: string, id: string, user: AuthUser): Promise<{ message: string }> {
    await this.access.require(user, { boardId }, 'owner');
    await this.db.transaction(async (tx) => {
      if (!(await this.webhooks.delete(boardId, id, tx))) throw new NotFoundException(WEBHOOK_NOT_FOUND);
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...currentRequestMeta(),
        action: 'webhook.revoked',
        target: { type: 'webhook', _id: id },
        details: { boardId },
      });
    });
    return { message: 'Webhook deleted' };
  }

  async deliveries(boardId: string, id: string, user: AuthUser): Promise<WebhookDeliveryList> {
    await this.access.require(user, { boardId }, 'owner');
    if (!(await this.webhooks.find(boardId, id))) throw new NotFoundException(WEBHOOK_NOT_FOUND);
    return { deliveries: await this.webhooks.attempts(id, WEBHOOK_LIMITS.deliveries) };
  }

  /**
   * Sends a `webhook.test` body now, once, and answers how it went (also in the delivery log).
   * It works on a webhook that is off, is not retried and does not count as a failure in a row.
   */
  async test(boardId: string, id: string, user: AuthUser): Promise<WebhookDelivery> {
    const { board } = await this.access.require(user, { boardId }, 'owner');
    const hook = await this.webhooks.find(boardId, id);
    if (!hook) throw new NotFoundException(WEBHOOK_NOT_FOUND);
    const eventId = `msg_test_${randomUUID().replaceAll('-', '')}`;
    const body = webhookBody(eventId, {
      boardId,
      version: board.version,
      type: WEBHOOK_TEST_EVENT,
      actorId: user.id,
      occurredAt: new Date().toISOString(),
      payload: { webhookId: hook.id },
    });
    const result = await sendWebhook({
      url: hook.url,
      id: eventId,
      body,
      key: hook.secret,
      timeoutMs: this.config.webhooks.timeoutMs,
      allowPrivate: this.config.webhooks.allowPrivate,
    });
    const { ok: _ok, ...outcome } = result;
    return this.webhooks.logAttempt({
      webhookId: hook.id,
      eventId,
      type: WEBHOOK_TEST_EVENT,
      attempt: 1,
      ...outcome,
    });
  }
}
