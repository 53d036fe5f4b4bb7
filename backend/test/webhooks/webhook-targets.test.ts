import { castBoard, castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { waitFor, WebhookReceiver } from './webhook-receiver';

/**
 * Private, loopback and link-local targets are refused at every delivery unless allowed
 * (docs/security.md, "12. Webhooks").
 */
describe.each([
  ['refused by default', false],
  ['allowed with WEBHOOK_ALLOW_PRIVATE=true', true],
])('private targets, %s', (_name, allowPrivate) => {
  let t: TestApp;
  let cast: Cast;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp(
      { webhooks: { allowPrivate, retryDelaysMs: [50], timeoutMs: 1_000, pollMs: 100 } },
      { WEBHOOK_ALLOW_PRIVATE: String(allowPrivate) },
    );
    expect(t.config.webhooks.allowPrivate).toBe(allowPrivate);
    cast = await castOf(t);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it.each([
    ['an IPv4 loopback address', (port: number) => `http://127.0.0.1:${port}/p`],
    ['a name resolving to loopback', (port: number) => `http://localhost:${port}/p`],
    ['an IPv4-mapped IPv6 address', (port: number) => `http://[::ffff:127.0.0.1]:${port}/p`],
  ])('%s: test send and change deliveries', async (_what, urlOf) => {
    const boardId = (await castBoard(t, cast))._id;
    const hook = (
      await t.http
        .post(`/api/boards/${boardId}/webhooks`)
        .set(cast.owner.auth)
        .send({ url: urlOf(receiver.port) })
    ).body;
    expect(hook._id).toBeDefined();
    const test = await t.http.post(`/api/boards/${boardId}/webhooks/${hook._id}/test`).set(cast.owner.auth);
    expect(test.status).toBe(200);
    await t.http.put(`/api/boards/${boardId}`).set(cast.owner.auth).send({ title: 'Changed' });
    const log = await waitFor(async () => {
      const res = await t.http
        .get(`/api/boards/${boardId}/webhooks/${hook._id}/deliveries`)
        .set(cast.owner.auth);
      const changes = res.body.deliveries.filter((d: { type: string }) => d.type === 'board.updated');
      return changes.length >= (allowPrivate ? 1 : 2) ? res.body.deliveries : null;
    });
    const got = receiver.received.filter((r) => r.json.boardId === boardId);
    if (allowPrivate) {
      expect(test.body).toMatchObject({ statusCode: 200, error: null });
      expect(got.map((r) => r.json.type).sort()).toEqual(['board.updated', 'webhook.test']);
    } else {
      expect(test.body).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(/^Refused: .*private/),
      });
      expect(log[0]).toMatchObject({
        type: 'board.updated',
        statusCode: null,
        error: expect.stringMatching(/^Refused/),
      });
      expect(got).toHaveLength(0);
    }
  });
});
