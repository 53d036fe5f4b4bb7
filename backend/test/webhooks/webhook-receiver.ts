import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  /** The path it was sent to. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown> & { id: string; type: string };
  at: number;
}

/**
 * A real HTTP receiver in the test process. `answer` decides each status (default 200); every
 * request is kept. `waitFor` resolves once `n` requests matching `match` arrived.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: (r: Received) => number = () => 200;
  private readonly server: Server;
  private waiters: (() => void)[] = [];

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const r: Received = {
          path: req.url ?? '',
          headers: req.headers,
          body,
          json: JSON.parse(body),
          at: Date.now(),
        };
        this.received.push(r);
        res.statusCode = this.answer(r);
        res.end('ok');
        this.waiters.forEach((w) => w());
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async waitFor(
    n: number,
    match: (r: Received) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hits = this.received.filter(match);
      if (hits.length >= n) return hits;
      if (Date.now() > deadline)
        throw new Error(
          `expected ${n} webhook requests, got ${hits.length}: ${hits.map((h) => h.body).join('\n')}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
      this.waiters = [];
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The receiver's side of Standard Webhooks, written from the convention and not from the server's
 * code: the key is the base64 after `whsec_`; the signed content is `<id>.<timestamp>.<body>`;
 * `webhook-signature` holds space-separated `v1,<base64>` entries; the timestamp must be recent.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  toleranceS = 300,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceS) return false;
  if (!secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Polls `probe` until it answers something other than null, for at most `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
