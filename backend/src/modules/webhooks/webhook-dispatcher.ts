import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { WEBHOOK_LIMITS } from '@papan/shared';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { notificationText } from '../../common/html';
import type { Transaction } from '../../database/database';
import { DomainEvents } from '../board-changes/domain-events';
import { NotificationsRepository, toNotification } from '../notifications/notifications.repository';
import { sendWebhook } from './webhook-sender';
import {
  WebhooksRepository,
  type AttemptLog,
  type ClaimedDelivery,
  type DisabledWebhook,
} from './webhooks.repository';

/** Events read from a board's log per transaction (for all its webhooks). */
const ENQUEUE_BATCH = 500;
/** Bodies in flight at once on one instance. */
const IN_FLIGHT = 16;

/**
 * Webhook delivery (docs/realtime.md, "Webhooks"), without touching BoardChanges: the durable board
 * event log is the source. After each committed board event, and on a periodic sweep, every active
 * webhook whose cursor is behind its board gets the missed events copied into the
 * `webhook_deliveries` queue (one transaction per board moves all its webhooks' cursors). Due
 * bodies are claimed with FOR UPDATE SKIP LOCKED and a lease, so one instance sends each; a crash
 * leaves the rows, which the next claim takes.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(WebhookDispatcher.name);
  private readonly claimId = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** Boards with a change to copy; a board already being copied is copied again afterwards. */
  private readonly boardsDue = new Set<string>();
  /**
   * Boards with an active webhook, read at every sweep and added to at once when one is made here:
   * a change to any other board costs nothing (no statement on a move's way). One made or turned on
   * on another instance is seen at this instance's next sweep, which also copies what is behind.
   */
  private watched = new Set<string>();
  private copying = false;
  private pumping = false;
  private pumpAgain = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** 2xx answers waiting to be recorded, and the recording under way (recordDelivered). */
  private readonly toRecord: { delivery: ClaimedDelivery; log: AttemptLog; done: () => void }[] = [];
  private recording: Promise<void> | null = null;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly notifications: NotificationsRepository,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: a change's request never waits for webhooks.
    this.unsubscribe = this.events.on('board', (event) => {
      if (!this.watched.has(event.boardId)) return;
      this.boardsDue.add(event.boardId);
      void this.copyDueBoards();
    });
    this.timer = setInterval(() => void this.sweep(), this.config.webhooks.pollMs).unref();
    void this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    // Sends under way finish (at most the timeout) so their outcome is recorded.
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** A board that has just got an active webhook on this instance: its changes are copied at once. */
  watch(boardId: string): void {
    this.watched.add(boardId);
  }

  /** Copies everything behind into the queue and sends what is due; the periodic safety net. */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      // Boards watched while the list was read stay watched (a webhook made meanwhile).
      const before = new Set(this.watched);
      const fresh = new Set(await this.webhooks.boardsWithActive());
      for (const boardId of this.watched) if (!before.has(boardId)) fresh.add(boardId);
      this.watched = fresh;
      for (const boardId of await this.webhooks.boardsBehind()) await this.copy(boardId);
    } catch (err) {
      this.log.warn(`Webhook sweep failed: ${(err as Error).message}`);
    }
    await this.pump();
  }

  private async copyDueBoards(): Promise<void> {
    if (this.copying) return;
    this.copying = true;
    try {
      while (this.boardsDue.size && !this.stopped) {
        const [boardId] = this.boardsDue;
        this.boardsDue.delete(boardId);
        await this.copy(boardId);
      }
    } catch (err) {
      // The sweep copies what this missed.
      this.log.warn(`Could not queue webhook deliveries: ${(err as Error).message}`);
    } finally {
      this.copying = false;
    }
    await this.pump();
  }

  private async copy(boardId: string): Promise<void> {
    while ((await this.webhooks.enqueueBoard(boardId, ENQUEUE_BATCH)).read === ENQUEUE_BATCH);
  }

  /** Claims due bodies while there is room in flight; each finished send pumps again. */
  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (!this.stopped && this.inFlight.size < IN_FLIGHT) {
          const claimed = await this.webhooks.claim(
            this.claimId,
            IN_FLIGHT - this.inFlight.size,
            this.config.webhooks.timeoutMs + 30_000,
          );
          if (!claimed.length) break;
          for (const delivery of claimed) {
            const sending: Promise<void> = this.deliver(delivery).finally(() => {
              this.inFlight.delete(sending);
              void this.pump();
            });
            this.inFlight.add(sending);
          }
        }
      } while (this.pumpAgain && !this.stopped);
    } catch (err) {
      this.log.warn(`Could not claim webhook deliveries: ${(err as Error).message}`);
    } finally {
      this.pumping = false;
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { timeoutMs, allowPrivate, retryDelaysMs } = this.config.webhooks;
    const { ok, ...outcome } = await sendWebhook({
      url: delivery.url,
      id: delivery.eventId,
      body: delivery.body,
      key: delivery.secret,
      timeoutMs,
      allowPrivate,
    });
    const attempt = delivery.attempts + 1;
    const log = {
      webhookId: delivery.webhookId,
      eventId: delivery.eventId,
      type: delivery.type,
      attempt,
      ...outcome,
    };
    try {
      if (ok) return await this.recordDelivered(delivery, log);
      // Successes that came back before this failure are written first: failures count in a row,
      // and a success recorded late would let 20 interleaved failures turn the webhook off.
      await this.recording;
      const notice = await this.webhooks.failed(
        delivery,
        this.claimId,
        log,
        retryDelaysMs[attempt - 1] ?? null,
        WEBHOOK_LIMITS.failuresToDisable,
        (hook, tx) => this.notifyDisabled(hook, tx),
      );
      if (notice)
        void this.events.publish('notification', {
          userId: notice.userId,
          notification: toNotification(notice),
        });
    } catch (err) {
      // The lease runs out and another claim sends the body again.
      this.log.warn(`Could not record a webhook delivery: ${(err as Error).message}`);
    }
  }

  /**
   * Records a 2xx together with the others that finished meanwhile: one transaction for a batch
   * instead of one per body (issue 18: 200 deliveries/s on one PGlite connection). Until it is
   * recorded the body keeps its lease, so a crash in between sends it again (at least once).
   */
  private recordDelivered(delivery: ClaimedDelivery, log: AttemptLog): Promise<void> {
    const recorded = new Promise<void>((done) => this.toRecord.push({ delivery, log, done }));
    this.recording ??= this.recordBatches();
    return recorded;
  }

  private async recordBatches(): Promise<void> {
    // A turn of the event loop first, so the sends finishing together share the transaction.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.toRecord.length) {
      const batch = this.toRecord.splice(0);
      try {
        await this.webhooks.delivered(batch, this.claimId);
      } catch (err) {
        // The leases run out and another claim sends those bodies again.
        this.log.warn(`Could not record ${batch.length} webhook deliveries: ${(err as Error).message}`);
      }
      batch.forEach((b) => b.done());
    }
    this.recording = null;
  }

  /** The owner's notification that a webhook turned itself off, written in that transaction. */
  private async notifyDisabled(hook: DisabledWebhook, tx: Transaction) {
    const [row] = await this.notifications.insertMany(
      [
        {
          userId: hook.ownerId,
          boardId: hook.boardId,
          ...notificationText('webhookDisabled', { board: hook.boardTitle, url: hook.url }),
        },
      ],
      tx,
    );
    return row;
  }
}
