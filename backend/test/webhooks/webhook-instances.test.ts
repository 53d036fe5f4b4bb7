import { createBoard, createUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { waitFor, WebhookReceiver } from './webhook-receiver';

/** Two instances on one PostgreSQL server: needs TEST_DATABASE_URL (PGlite is one process). */
const pgUrl = process.env.TEST_DATABASE_URL;
const describeOnServer = pgUrl ? describe : describe.skip;

describeOnServer('webhooks with two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    drop = db.drop;
    const overrides = {
      databaseUrl: db.url,
      jwtSecret: 'shared-secret-of-both-instances-0123456789',
      webhooks: { allowPrivate: true, retryDelaysMs: [200], timeoutMs: 1_000, pollMs: 50 },
    };
    a = await startTestApp(overrides);
    b = await startTestApp(overrides);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await drop();
    await receiver.close();
  });

  it('delivers every attempt exactly once when changes come through both instances', async () => {
    const owner = await createUser(a);
    const boardId = (await createBoard(a, owner))._id;
    const hook = await a.http
      .post(`/api/boards/${boardId}/webhooks`)
      .set(owner.auth)
      .send({ url: receiver.url() });
    expect(hook.status).toBe(201);
    // Every other body fails once, so retries are claimed by the two instances too. Not every body:
    // 20 failures in a row turn a webhook off, and 30 first attempts may all go before a retry.
    const seen = new Set<string>();
    const failsOnce = (r: { json: { id: string; version?: unknown } }) =>
      Number(r.json.version) % 2 === 0 && !seen.has(r.json.id);
    receiver.answer = (r) => (failsOnce(r) ? (seen.add(r.json.id), 500) : 200);

    const changes = 30;
    await Promise.all(
      Array.from({ length: changes }, (_, i) =>
        (i % 2 ? a : b).http
          .post(`/api/boards/${boardId}/lists`)
          .set(owner.auth)
          .send({ title: `List ${i}` }),
      ),
    );
    // Versions 2…31: the 15 even ones are sent twice.
    const attempts = changes + changes / 2;
    await receiver.waitFor(attempts, (r) => r.json.boardId === boardId, 20_000);
    // Time for a duplicate to show up if there were one.
    await new Promise((r) => setTimeout(r, 600));
    const got = receiver.received.filter((r) => r.json.boardId === boardId);
    expect(got).toHaveLength(attempts);
    const perId = new Map<string, number>();
    got.forEach((r) => perId.set(r.json.id, (perId.get(r.json.id) ?? 0) + 1));
    expect(perId.size).toBe(changes);
    for (const r of got) expect(perId.get(r.json.id)).toBe(Number(r.json.version) % 2 === 0 ? 2 : 1);
    const versions = got.map((r) => Number(r.json.version));
    expect(new Set(versions).size).toBe(changes);

    const log = await waitFor(async () => {
      const res = await b.http
        .get(`/api/boards/${boardId}/webhooks/${hook.body._id}/deliveries`)
        .set(owner.auth);
      return res.body.deliveries.length === attempts ? res.body.deliveries : null;
    });
    expect(log.filter((d: { statusCode: number }) => d.statusCode === 200)).toHaveLength(changes);
  });
});
