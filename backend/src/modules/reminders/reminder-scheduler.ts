import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { notificationText } from '../../common/html';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { DomainEvents } from '../board-changes/domain-events';
import { Mailer } from '../mail/mailer';
import { NotificationsRepository, toNotification } from '../notifications/notifications.repository';
import { composeReminderMail } from './reminder-mail';
import { RemindersRepository, type DueReminder } from './reminders.repository';

/**
 * Due-date reminders (docs/api.md, "Due dates, card members and reminders"): every
 * REMINDER_INTERVAL_SECONDS each instance looks for cards due within 24 hours or overdue, and tells
 * their members (else the board's owner) by notification and by mail. A reminder is claimed by a
 * row keyed by card, due time and kind in the notifications' own transaction, so it goes out
 * exactly once, whichever instance looks first, across restarts; a new due time gets its own
 * reminders.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Reminders');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reminders: RemindersRepository,
    private readonly notifications: NotificationsRepository,
    private readonly events: DomainEvents,
    private readonly mailer: Mailer,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), this.config.reminderIntervalSeconds * 1000).unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due at `now`; answers how many reminders this instance sent. */
  run(now = new Date()): Promise<number> {
    // One look at a time: a slow look is not overtaken by the next tick.
    this.running ??= this.look(now).finally(() => (this.running = null));
    return this.running;
  }

  private async look(now: Date): Promise<number> {
    try {
      let sent = 0;
      for (const reminder of await this.reminders.due(now)) if (await this.send(reminder)) sent++;
      return sent;
    } catch (err) {
      this.logger.warn(`Could not send due-date reminders: ${(err as Error).message}`);
      return 0;
    }
  }

  private async send(reminder: DueReminder): Promise<boolean> {
    const text = notificationText(reminder.kind === 'soon' ? 'dueSoon' : 'overdue', { card: reminder.title });
    const rows = await this.db.transaction(async (tx) => {
      if (!(await this.reminders.claim(reminder, tx))) return null;
      const values = reminder.recipients.map((r) => ({ userId: r.id, boardId: reminder.boardId, ...text }));
      return this.notifications.insertMany(values, tx);
    });
    if (!rows) return false;
    for (const row of rows)
      this.events.publish('notification', { userId: row.userId, notification: toNotification(row) });
    const link = `${this.config.appOrigin}/board/${reminder.boardId}`;
    for (const person of reminder.recipients) {
      const mail = composeReminderMail(reminder.kind, person.name, reminder.title, link);
      this.mailer.send({ to: person.email, link, ...mail });
    }
    return true;
  }
}
