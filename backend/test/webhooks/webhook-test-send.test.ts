import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { WebhookReceiver } from './webhook-receiver';

const NOT_ALLOWED = 'Refused: address not allowed (private, loopback or link-local)';
const UNREACHABLE = 'Could not be reached';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A board of `owner`'s with one webhook to `url`; answers the path of its test send. */
async function hookTo(t: TestApp, owner: TestUser, url: string): Promise<string> {
  const boardId = (await createBoard(t, owner))._id;
  const hook = await t.http.post(`/api/boards/${boardId}/webhooks`).set(owner.auth).send({ url });
  expect(hook.status).toBe(201);
  return `/api/boards/${boardId}/webhooks/${hook.body._id}/test`;
}

/**
 * docs/api.md, "GET /api/boards/{id}/webhooks/{hid}/deliveries": a failed send says only "address
 * not allowed" or "could not be reached", never what a name resolved to nor the resolver's or
 * socket's own message, so a board owner cannot read the server's internal DNS through the delivery
 * log.
 */
describe('webhook test sends: what a failure says', () => {
  describe.each([
    ['refused by default', false],
    ['allowed with WEBHOOK_ALLOW_PRIVATE=true', true],
  ])('private targets %s', (_name, allowPrivate) => {
    let t: TestApp;
    let owner: TestUser;

    beforeAll(async () => {
      t = await startTestApp({
        webhooks: { allowPrivate, retryDelaysMs: [60_000], timeoutMs: 2_000, pollMs: 60_000 },
      });
      owner = await createUser(t);
    });
    afterAll(() => t.close());

    it('names no resolved address nor resolver error, in the answer and the delivery log', async () => {
      const port = await closedPort();
      const cases: [string, string][] = [
        [`http://localhost:${port}/p`, allowPrivate ? UNREACHABLE : NOT_ALLOWED],
        ['http://no-such-host.invalid/p', UNREACHABLE],
      ];
      for (const [url, said] of cases) {
        const path = await hookTo(t, owner, url);
        const test = await t.http.post(path).set(owner.auth);
        expect([url, test.status, test.body.statusCode, test.body.error]).toEqual([url, 200, null, said]);
        const log = await t.http.get(path.replace(/test$/, 'deliveries')).set(owner.auth);
        expect(log.body.deliveries.map((d: { error: string }) => d.error)).toEqual([said]);
        expect(JSON.stringify([test.body, log.body])).not.toMatch(
          /127\.0\.0\.1|::1|ENOTFOUND|EAI_AGAIN|ECONNREFUSED/,
        );
      }
    });
  });
});

describe('webhook test sends: how often', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({
      webhooks: { allowPrivate: true, retryDelaysMs: [60_000], timeoutMs: 2_000, pollMs: 60_000 },
    });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('sends at most 10 per person per 10 minutes, then answers 429 with Retry-After and sends nothing', async () => {
    const owner = await createUser(t);
    const path = await hookTo(t, owner, receiver.url('/limited'));
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await t.http.post(path).set(owner.auth)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const over = await t.http.post(path).set(owner.auth);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many webhook tests/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500);
    expect(receiver.received.filter((r) => r.path === '/limited')).toHaveLength(10);
    // Counted per person: another owner still tests at once.
    const other = await createUser(t);
    expect((await t.http.post(await hookTo(t, other, receiver.url('/other'))).set(other.auth)).status).toBe(
      200,
    );
  });
});
