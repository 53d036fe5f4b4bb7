import { BOARD_EVENT_TYPES, WEBHOOK_LIMITS, webhookDeliverySchema, webhookSchema } from '@papan/shared';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { WebhooksController } from '../../src/modules/webhooks/webhooks.controller';
import { verifyStandardWebhook, WebhookReceiver } from './webhook-receiver';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe(WebhooksController.name, () => {
  let t: TestApp;
  let cast: Cast;
  let boardId: string;
  let receiver: WebhookReceiver;
  const hooks = () => `/api/boards/${boardId}/webhooks`;

  beforeAll(async () => {
    t = await startTestApp({
      webhooks: { allowPrivate: true, retryDelaysMs: [60_000], timeoutMs: 2_000, pollMs: 100 },
    });
    cast = await castOf(t);
    boardId = (await castBoard(t, cast))._id;
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  describe('create', () => {
    it('answers 201 with the secret once: whsec_ + base64 of 32 bytes; the list never shows it', async () => {
      const res = await t.http
        .post(hooks())
        .set(cast.owner.auth)
        .send({ url: receiver.url(), events: ['card.created', 'card.moved'] });
      expect(res.status).toBe(201);
      expect(webhookSchema.parse(res.body)).toMatchObject({
        url: receiver.url(),
        events: ['card.created', 'card.moved'],
        active: true,
        failures: 0,
      });
      expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(res.body.secret.slice(6), 'base64')).toHaveLength(32);

      const list = await t.http.get(hooks()).set(cast.owner.auth);
      expect(list.status).toBe(200);
      const listed = list.body.webhooks.find((h: { _id: string }) => h._id === res.body._id);
      expect(listed).toMatchObject({ url: receiver.url(), active: true });
      expect(JSON.stringify(list.body)).not.toContain(res.body.secret.slice(6));
    });

    it('takes a missing or empty events list as every event type', async () => {
      const res = await t.http.post(hooks()).set(cast.owner.auth).send({ url: 'https://example.com/a' });
      expect(res.status).toBe(201);
      expect(res.body.events).toEqual([]);
    });
  });

  describe('authorization', () => {
    let hid: string;
    beforeAll(async () => {
      hid = (await t.http.post(hooks()).set(cast.owner.auth).send({ url: receiver.url() })).body._id;
    });

    const calls = (id: string) =>
      [
        ['POST', hooks(), { url: 'https://example.com/x' }],
        ['GET', hooks(), undefined],
        ['PATCH', `${hooks()}/${id}`, { active: false }],
        ['DELETE', `${hooks()}/${id}`, undefined],
        ['POST', `${hooks()}/${id}/test`, undefined],
        ['GET', `${hooks()}/${id}/deliveries`, undefined],
      ] as const;

    const send = (method: string, path: string, body: object | undefined, auth: Record<string, string>) => {
      const req =
        method === 'POST'
          ? t.http.post(path)
          : method === 'PATCH'
            ? t.http.patch(path)
            : method === 'DELETE'
              ? t.http.delete(path)
              : t.http.get(path);
      return body ? req.set(auth).send(body) : req.set(auth);
    };

    it.each(['member', 'stranger'] as const)(
      'answers 403 to a %s on every call, by a real or any id',
      async (who) => {
        for (const id of [hid, MISSING]) {
          for (const [method, path, body] of calls(id)) {
            const res = await send(method, path, body, cast[who].auth);
            expect([method, path, res.status]).toEqual([method, path, 403]);
          }
        }
        const list = await t.http.get(hooks()).set(cast.owner.auth);
        expect(list.body.webhooks.find((h: { _id: string }) => h._id === hid)).toMatchObject({
          active: true,
        });
        expect(receiver.received.filter((r) => r.json.type === 'webhook.test')).toHaveLength(0);
      },
    );

    it('answers 401 without a session', async () => {
      expect((await t.http.get(hooks())).status).toBe(401);
    });

    it('answers the owner 404 for a webhook of another board, and leaves it alone', async () => {
      const other = await castBoard(t, cast, 'Other');
      for (const [method, path, body] of calls(hid).slice(2)) {
        const res = await send(method, path.replace(boardId, other._id), body, cast.owner.auth);
        expect([method, res.status]).toEqual([method, 404]);
      }
      const list = await t.http.get(hooks()).set(cast.owner.auth);
      expect(list.body.webhooks.some((h: { _id: string }) => h._id === hid)).toBe(true);
    });
  });

  describe('bad input', () => {
    it.each([
      ['an ftp address', { url: 'ftp://example.com/x' }, 'url'],
      ['a javascript: address', { url: 'javascript:alert(1)' }, 'url'],
      ['no address at all', { url: 'not a url' }, 'url'],
      ['an empty url', { url: '' }, 'url'],
      ['a missing url', {}, 'url'],
      ['a number', { url: 42 }, 'url'],
      ['credentials in the address', { url: 'https://user:pass@example.com/x' }, 'url'],
      ['an oversized url', { url: `https://example.com/${'a'.repeat(WEBHOOK_LIMITS.url)}` }, 'url'],
      ['an unknown event type', { url: 'https://example.com/x', events: ['card.exploded'] }, 'events.0'],
      ['events not a list', { url: 'https://example.com/x', events: 'card.created' }, 'events'],
      [
        'too many events',
        { url: 'https://example.com/x', events: [...BOARD_EVENT_TYPES, 'card.created'] },
        'events',
      ],
    ])('answers 400 naming the field for %s', async (_what, body, field) => {
      const res = await t.http.post(hooks()).set(cast.owner.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    });

    it('answers 400 to a PATCH naming nothing, an unknown event, a non-boolean active', async () => {
      const { _id } = (await t.http.post(hooks()).set(cast.owner.auth).send({ url: receiver.url() })).body;
      for (const body of [{}, { events: ['nope'] }, { active: 'yes' }, { url: 'gopher://x' }]) {
        const res = await t.http.patch(`${hooks()}/${_id}`).set(cast.owner.auth).send(body);
        expect([body, res.status]).toEqual([body, 400]);
      }
    });

    it('answers 400 to a bad id and to an oversized body, never 500', async () => {
      expect((await t.http.get(`${hooks()}/not-a-uuid/deliveries`).set(cast.owner.auth)).status).toBe(400);
      const huge = await t.http
        .post(hooks())
        .set(cast.owner.auth)
        .send({ url: 'https://example.com/x', events: Array(100_000).fill('card.created') });
      expect([400, 413]).toContain(huge.status);
    });

    it(`answers 400 past ${WEBHOOK_LIMITS.perBoard} webhooks on one board`, async () => {
      const board = await castBoard(t, cast, 'Full');
      for (let i = 0; i < WEBHOOK_LIMITS.perBoard; i++)
        expect(
          (
            await t.http
              .post(`/api/boards/${board._id}/webhooks`)
              .set(cast.owner.auth)
              .send({ url: receiver.url() })
          ).status,
        ).toBe(201);
      const res = await t.http
        .post(`/api/boards/${board._id}/webhooks`)
        .set(cast.owner.auth)
        .send({ url: receiver.url() });
      expect(res.status).toBe(400);
    });
  });

  describe('update and delete', () => {
    it('changes url, events and active; DELETE removes it (then 404)', async () => {
      const { _id } = (await t.http.post(hooks()).set(cast.owner.auth).send({ url: receiver.url() })).body;
      const res = await t.http
        .patch(`${hooks()}/${_id}`)
        .set(cast.owner.auth)
        .send({ url: receiver.url('/other'), events: ['list.created'], active: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        url: receiver.url('/other'),
        events: ['list.created'],
        active: false,
      });
      expect(res.body.secret).toBeUndefined();
      expect((await t.http.delete(`${hooks()}/${_id}`).set(cast.owner.auth)).status).toBe(200);
      expect((await t.http.delete(`${hooks()}/${_id}`).set(cast.owner.auth)).status).toBe(404);
      expect((await t.http.get(`${hooks()}/${_id}/deliveries`).set(cast.owner.auth)).status).toBe(404);
    });
  });

  describe('test and deliveries', () => {
    it('sends a signed webhook.test now and lists it in the deliveries, newest first', async () => {
      const created = await t.http
        .post(hooks())
        .set(cast.owner.auth)
        .send({ url: receiver.url('/test') });
      const { _id, secret } = created.body;
      const first = await t.http.post(`${hooks()}/${_id}/test`).set(cast.owner.auth);
      expect(first.status).toBe(200);
      expect(webhookDeliverySchema.parse(first.body)).toMatchObject({
        type: 'webhook.test',
        attempt: 1,
        statusCode: 200,
        error: null,
      });
      const [got] = await receiver.waitFor(1, (r) => r.json.id === first.body.eventId);
      expect(verifyStandardWebhook(secret, got.headers, got.body)).toBe(true);
      expect(got.headers['webhook-id']).toBe(first.body.eventId);
      expect(got.json).toMatchObject({ type: 'webhook.test', boardId, payload: { webhookId: _id } });

      receiver.answer = (r) => (r.json.type === 'webhook.test' ? 503 : 200);
      const second = await t.http.post(`${hooks()}/${_id}/test`).set(cast.owner.auth);
      receiver.answer = () => 200;
      expect(second.body).toMatchObject({ statusCode: 503, error: 'HTTP 503' });

      const log = await t.http.get(`${hooks()}/${_id}/deliveries`).set(cast.owner.auth);
      expect(log.status).toBe(200);
      expect(log.body.deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([
        second.body.eventId,
        first.body.eventId,
      ]);
      expect(Object.keys(log.body.deliveries[0]).sort()).toEqual(
        ['_id', 'attempt', 'createdAt', 'durationMs', 'error', 'eventId', 'statusCode', 'type'].sort(),
      );
      // A test does not count as a failure in a row.
      const listed = (await t.http.get(hooks()).set(cast.owner.auth)).body.webhooks.find(
        (h: { _id: string }) => h._id === _id,
      );
      expect(listed.failures).toBe(0);
    });
  });
});
