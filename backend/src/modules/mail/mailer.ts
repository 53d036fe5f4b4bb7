import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries. Never logged: whoever reads the log could use it (docs/operations.md). */
  link: string;
}

/**
 * Outgoing mail (docs/operations.md, "Mail"): through SMTP_URL, or — the one-machine default — as
 * complete RFC 822 messages in DATA_DIR/outbox/<time>-<id>.eml, so an install without mail still
 * lets people verify and reset. The log names the file, never the link: until it is used, a
 * verification or reset link is as good as a password to whoever reads the log. Messages leave in
 * the background: a slow or failing mail server never slows a request down nor tells a caller
 * whether an address exists.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly outbox: string | null;
  private readonly inFlight = new Set<Promise<void>>();
  /** Messages this instance could not hand over since it started (GET /api/admin/health). */
  private failures = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { smtpUrl } = config.mail;
    this.transport = smtpUrl
      ? createTransport(smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.outbox = smtpUrl || !config.dataDir ? null : join(config.dataDir, 'outbox');
  }

  /** Queues the message; failures are logged, never thrown. */
  send(message: MailMessage): void {
    const sending = this.deliver(message)
      .catch((err: unknown) => {
        this.failures++;
        this.logger.error(
          `Mail to ${message.to} not sent: ${err instanceof Error ? err.message : String(err)}`,
        );
      })
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Messages under way and messages that failed, on this instance since it started. */
  counts(): { pending: number; failed: number } {
    return { pending: this.inFlight.size, failed: this.failures };
  }

  /** Waits for the messages under way (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
    this.transport.close();
  }

  private async deliver({ to, subject, text, html }: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({
      from: this.config.mail.from,
      to,
      subject,
      text,
      html,
    })) as {
      message?: Buffer;
    };
    if (this.config.mail.smtpUrl) return;
    if (this.outbox && info.message) {
      await mkdir(this.outbox, { recursive: true });
      const file = join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      this.logger.log(`No SMTP_URL: mail to ${to} written to the outbox as ${basename(file)}`);
    } else {
      this.logger.log(`No SMTP_URL and DATA_DIR=memory: mail to ${to} ("${subject}") kept nowhere`);
    }
  }
}
