import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type ConfigOverrides, type TestApp } from './test-app';

/** A message the test SMTP server received, parsed. */
export interface CaughtMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) link of the text part. */
  link: string | null;
  raw: string;
}

/**
 * A real SMTP server on the loopback (smtp-server), standing in for the operator's mail relay:
 * Papan sends to it through SMTP_URL exactly as it would to a real one.
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private waiters: (() => void)[] = [];

  private constructor(private readonly server: SMTPServer) {}

  static async start(): Promise<MailCatcher> {
    let catcher: MailCatcher | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          void simpleParser(raw).then((parsed) => {
            const text = parsed.text ?? '';
            catcher!.receive({
              from: parsed.from?.text ?? '',
              to: [parsed.to ?? []]
                .flat()
                .map((a) => a.text)
                .join(', '),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              link: /https?:\/\/\S+/.exec(text)?.[0] ?? null,
              raw,
            });
            callback();
          }, callback);
        });
      },
    });
    catcher = new MailCatcher(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return catcher;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Messages to `to` so far. */
  to(to: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(to));
  }

  /** The `n`th message (1-based) to `to`, once it has arrived. */
  async waitFor(to: string, n = 1, timeoutMs = 10_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(to).length < n) {
      if (Date.now() > deadline) throw new Error(`no mail #${n} to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.to(to)[n - 1];
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(mail: CaughtMail): void {
    this.messages.push(mail);
    this.waiters.splice(0).forEach((w) => w());
  }
}

/** The `token` query parameter of a link from a message. */
export function linkToken(link: string | null): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in link ${link}`);
  return token;
}

/** The server sending its mail to a MailCatcher of its own (REQUIRE_VERIFIED_EMAIL on, as with SMTP). */
export async function startAppWithMail(
  overrides: ConfigOverrides = {},
  env: NodeJS.ProcessEnv = {},
): Promise<{ t: TestApp; mail: MailCatcher; close(): Promise<void> }> {
  const mail = await MailCatcher.start();
  const t = await startTestApp(
    {
      mail: { smtpUrl: mail.url, from: 'Papan <no-reply@papan.test>', requireVerifiedEmail: true },
      ...overrides,
    },
    env,
  );
  return {
    t,
    mail,
    close: async () => {
      await t.close();
      await mail.stop();
    },
  };
}
