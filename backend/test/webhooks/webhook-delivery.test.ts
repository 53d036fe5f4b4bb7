import type { BoardEvent } from '@papan/shared';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { seedList } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { WebhookDispatcher } from '../../src/modules/webhooks/webhook-dispatcher';
import { verifyStandardWebhook, waitFor, WebhookReceiver } from './webhook-receiver';

const RETRY_DELAYS = [150, 300, 600];

describe(WebhookDispatcher.name, () => {
  let t: TestApp;
  let cast: Cast;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({
      webhooks: { allowPrivate: true, retryDelaysMs: RETRY_DELAYS, timeoutMs: 1_000, pollMs: 100 },
    });
    cast = await castOf(t);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.answer = () => 200;
  });

  /** A board of the cast with one webhook to `path` on the receiver. */
  async function boardWithHook(path: string, events?: string[]) {
    const board = await castBoard(t, cast);
    const res = await t.http
      .post(`/api/boards/${board._id}/webhooks`)
      .set(cast.owner.auth)
      .send({ url: receiver.url(path), events });
    expect(res.status).toBe(201);
    return { boardId: board._id, hook: res.body as { _id: string; secret: string } };
  }

  describe('signature', () => {
    it('POSTs the board event plus id, signed with Standard Webhooks headers the receiver verifies', async () => {
      const { boardId, hook } = await boardWithHook('/signed');
      const res = await t.http
        .post(`/api/boards/${boardId}/lists`)
        .set(cast.member.auth)
        .send({ title: 'Inbox' });
      expect(res.status).toBe(201);
      const [got] = await receiver.waitFor(1, (r) => r.json.boardId === boardId);

      expect(verifyStandardWebhook(hook.secret, got.headers, got.body)).toBe(true);
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['webhook-id']).toBe(got.json.id);
      expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
      // Tampering with the body, the id or the key breaks it.
      expect(verifyStandardWebhook(hook.secret, got.headers, got.body.replace('Inbox', 'Outbox'))).toBe(
        false,
      );
      expect(
        verifyStandardWebhook(hook.secret, { ...got.headers, 'webhook-id': 'msg_other' }, got.body),
      ).toBe(false);
      expect(
        verifyStandardWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, got.headers, got.body),
      ).toBe(false);

      // The body is the logged board event, plus its id.
      const log = await t.http.get(`/api/boards/${boardId}/events?after=0`).set(cast.owner.auth);
      const logged = (log.body.events as BoardEvent[]).find((e) => e.type === 'list.created')!;
      const { id, ...event } = got.json;
      expect(id).toMatch(/^msg_\w+$/);
      expect(event).toEqual(logged);
    });

    it('sends only the chosen event types, in one body each', async () => {
      const { boardId } = await boardWithHook('/chosen', ['card.created']);
      const listId = (await seedList(t, boardId, 'Todo')).id;
      await t.http.post(`/api/boards/${boardId}/lists`).set(cast.owner.auth).send({ title: 'Not sent' });
      await t.http.post(`/api/lists/${listId}/cards`).set(cast.owner.auth).send({ title: 'Sent' });
      await t.http.post(`/api/lists/${listId}/cards`).set(cast.owner.auth).send({ title: 'Sent too' });
      const got = await receiver.waitFor(2, (r) => r.json.boardId === boardId);
      await new Promise((r) => setTimeout(r, 300));
      const all = receiver.received.filter((r) => r.json.boardId === boardId);
      expect(all.map((r) => r.json.type)).toEqual(['card.created', 'card.created']);
      expect(new Set(got.map((r) => r.json.id)).size).toBe(2);
    });
  });

  describe('several webhooks on one board', () => {
    it('queues each change once for each of them, from its own cursor, with its own event types', async () => {
      const { boardId, hook: first } = await boardWithHook('/many-a');
      await t.http.post(`/api/boards/${boardId}/lists`).set(cast.owner.auth).send({ title: 'One' });
      await receiver.waitFor(1, (r) => r.path === '/many-a' && r.json.boardId === boardId);
      const add = async (path: string, events?: string[]) => {
        const res = await t.http
          .post(`/api/boards/${boardId}/webhooks`)
          .set(cast.owner.auth)
          .send({ url: receiver.url(path), events });
        expect(res.status).toBe(201);
        return res.body as { _id: string };
      };
      const second = await add('/many-b');
      const third = await add('/many-c', ['card.created']);
      const list = await t.http
        .post(`/api/boards/${boardId}/lists`)
        .set(cast.owner.auth)
        .send({ title: 'Two' });
      await t.http.post(`/api/lists/${list.body._id}/cards`).set(cast.owner.auth).send({ title: 'Card' });

      const of = (path: string) =>
        receiver.received.filter((r) => r.path === path && r.json.boardId === boardId).map((r) => r.json);
      await receiver.waitFor(3, (r) => r.path === '/many-a' && r.json.boardId === boardId);
      await receiver.waitFor(2, (r) => r.path === '/many-b' && r.json.boardId === boardId);
      await receiver.waitFor(1, (r) => r.path === '/many-c' && r.json.boardId === boardId);
      await new Promise((r) => setTimeout(r, 300));
      const a = of('/many-a');
      const b = of('/many-b');
      const c = of('/many-c');
      expect(a.map((e) => e.type)).toEqual(['list.created', 'list.created', 'card.created']);
      expect(b.map((e) => e.type)).toEqual(['list.created', 'card.created']);
      expect(c.map((e) => e.type)).toEqual(['card.created']);
      // The same event, with each webhook's own id.
      expect(b.map((e) => e.version)).toEqual(a.slice(1).map((e) => e.version));
      expect(c[0].version).toBe(a[2].version);
      const ids = [first, second, third].map((h) => h._id.replaceAll('-', ''));
      expect([a[2].id, b[1].id, c[0].id]).toEqual(ids.map((id) => `msg_${id}_${a[2].version}`));
    });
  });

  describe('retries', () => {
    it('retries a failed body with the same id after growing delays until a 2xx, and logs every attempt', async () => {
      const { boardId, hook } = await boardWithHook('/flaky');
      let failuresLeft = 3;
      receiver.answer = (r) => (r.json.boardId === boardId && failuresLeft-- > 0 ? 500 : 200);
      await t.http.put(`/api/boards/${boardId}`).set(cast.owner.auth).send({ title: 'Retried' });
      const got = await receiver.waitFor(4, (r) => r.json.boardId === boardId);

      expect(new Set(got.map((r) => r.json.id)).size).toBe(1);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
      got.forEach((r) => expect(verifyStandardWebhook(hook.secret, r.headers, r.body)).toBe(true));
      const gaps = got.slice(1).map((r, i) => r.at - got[i].at);
      gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS[i] - 20));
      expect(gaps[2]).toBeGreaterThan(gaps[0]);

      const log = await waitForLog(boardId, hook._id, 4);
      expect(log.map((d) => [d.attempt, d.statusCode])).toEqual([
        [4, 200],
        [3, 500],
        [2, 500],
        [1, 500],
      ]);
      expect(log[1]).toMatchObject({ eventId: got[0].json.id, type: 'board.updated', error: 'HTTP 500' });
      const listed = await t.http.get(`/api/boards/${boardId}/webhooks`).set(cast.owner.auth);
      expect(listed.body.webhooks[0]).toMatchObject({ active: true, failures: 0 });
    });

    it('gives a body up after the last retry, each failure counted in a row', async () => {
      const { boardId } = await boardWithHook('/down');
      receiver.answer = (r) => (r.json.boardId === boardId ? 502 : 200);
      await t.http.put(`/api/boards/${boardId}`).set(cast.owner.auth).send({ title: 'Given up' });
      await receiver.waitFor(RETRY_DELAYS.length + 1, (r) => r.json.boardId === boardId);
      await new Promise((r) => setTimeout(r, RETRY_DELAYS.at(-1)! * 2));
      expect(receiver.received.filter((r) => r.json.boardId === boardId)).toHaveLength(
        RETRY_DELAYS.length + 1,
      );
      const listed = await t.http.get(`/api/boards/${boardId}/webhooks`).set(cast.owner.auth);
      expect(listed.body.webhooks[0]).toMatchObject({ active: true, failures: RETRY_DELAYS.length + 1 });
    });
  });

  describe('auto-disable', () => {
    it('turns a webhook off after 20 failures in a row and notifies the owner (en and id texts)', async () => {
      const { boardId, hook } = await boardWithHook('/dead');
      receiver.answer = (r) => (r.json.boardId === boardId ? 500 : 200);
      // Five changes of four attempts each: the twentieth failure turns it off.
      for (let i = 0; i < 5; i++)
        await t.http
          .put(`/api/boards/${boardId}`)
          .set(cast.owner.auth)
          .send({ title: `Dead ${i}` });
      await receiver.waitFor(20, (r) => r.json.boardId === boardId);
      const hooks = await waitFor(async () => {
        const res = await t.http.get(`/api/boards/${boardId}/webhooks`).set(cast.owner.auth);
        return res.body.webhooks[0].active === false ? res.body.webhooks : null;
      });
      expect(hooks[0]).toMatchObject({ active: false, failures: 20 });

      const notes = await t.http.get('/api/notifications').set(cast.owner.auth);
      const note = notes.body.find((n: { template: string }) => n.template === 'webhookDisabled');
      expect(note).toMatchObject({ boardId, params: { board: 'Dead 4', url: receiver.url('/dead') } });
      expect(note.text).toContain('turned off after 20 failed deliveries');
      const memberNotes = await t.http.get('/api/notifications').set(cast.member.auth);
      expect(memberNotes.body.some((n: { template: string }) => n.template === 'webhookDisabled')).toBe(
        false,
      );

      // Off: nothing more is sent; turned on again, only changes made from then on are.
      const before = receiver.received.filter((r) => r.json.boardId === boardId).length;
      await t.http.put(`/api/boards/${boardId}`).set(cast.owner.auth).send({ title: 'While off' });
      await new Promise((r) => setTimeout(r, 400));
      expect(receiver.received.filter((r) => r.json.boardId === boardId)).toHaveLength(before);
      receiver.answer = () => 200;
      const on = await t.http
        .patch(`/api/boards/${boardId}/webhooks/${hook._id}`)
        .set(cast.owner.auth)
        .send({ active: true });
      expect(on.body).toMatchObject({ active: true, failures: 0 });
      await t.http.put(`/api/boards/${boardId}`).set(cast.owner.auth).send({ title: 'Back on' });
      const [back] = await receiver.waitFor(
        1,
        (r) => r.json.boardId === boardId && (r.json.payload as { title?: string }).title === 'Back on',
      );
      expect(back).toBeDefined();
      await new Promise((r) => setTimeout(r, 300));
      const titles = receiver.received
        .filter((r) => r.json.boardId === boardId)
        .map((r) => (r.json.payload as { title: string }).title);
      expect(titles).not.toContain('While off');
    });
  });

  async function waitForLog(boardId: string, hid: string, n: number) {
    return waitFor(async () => {
      const res = await t.http.get(`/api/boards/${boardId}/webhooks/${hid}/deliveries`).set(cast.owner.auth);
      return res.body.deliveries.length >= n
        ? (res.body.deliveries as { attempt: number; statusCode: number | null; eventId: string }[])
        : null;
    });
  }
});
