import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '../../src/database/schema';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type ConfigOverrides, type TestApp } from '../helpers/test-app';
import { verifyStandardWebhook, waitFor, WebhookReceiver } from './webhook-receiver';

const pgUrl = process.env.TEST_DATABASE_URL;
const webhookConfig = { allowPrivate: true, retryDelaysMs: [3_000, 3_000], timeoutMs: 1_000, pollMs: 100 };

/** The queue lives in the database: a restart (PGlite in DATA_DIR, or the PostgreSQL server) keeps it. */
describe('webhook delivery across a restart', () => {
  let receiver: WebhookReceiver;
  let store: ConfigOverrides;
  let cleanup: () => Promise<void>;
  let t: TestApp | null = null;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    if (pgUrl) {
      const db = await cloneTemplateDatabase(pgUrl, process.env.PAPAN_PG_TEMPLATE!);
      store = { databaseUrl: db.url };
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'papan-webhooks-'));
      store = { dataDir: dir };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await t?.close();
    await receiver.close();
    await cleanup();
  });

  const start = () =>
    startTestApp({ ...store, webhooks: webhookConfig, jwtSecret: 'restart-secret-0123456789-0123456789' });

  it('retries after a restart with the same id, and delivers a change committed but not yet queued', async () => {
    t = await start();
    const owner: TestUser = await createUser(t, { name: 'Owner' });
    const boardId = (await createBoard(t, owner))._id;
    const created = await t.http
      .post(`/api/boards/${boardId}/webhooks`)
      .set(owner.auth)
      .send({ url: receiver.url() });
    const { _id: hid, secret } = created.body;

    receiver.answer = () => 500;
    await t.http.put(`/api/boards/${boardId}`).set(owner.auth).send({ title: 'Before the restart' });
    await t.http.put(`/api/boards/${boardId}`).set(owner.auth).send({ title: 'Not queued' });
    // Two sends are in flight at once, so they may arrive in either order: first is the older change.
    const [first, second] = (await receiver.waitFor(2, (r) => r.json.boardId === boardId)).sort(
      (x, y) => (x.json.version as number) - (y.json.version as number),
    );
    await waitFor(async () => {
      const queued = await t!.db.select().from(webhookDeliveries);
      return queued.length === 2 && queued.every((d) => d.attempts === 1) ? true : null;
    });
    await t.close();
    t = null;

    receiver.answer = () => 200;
    t = await start();
    // As if the process had died between the second change's commit and its queueing: its queue
    // row is gone and the webhook's cursor is behind the board. The sweep finds it.
    await t.db.delete(webhookDeliveries).where(eq(webhookDeliveries.eventId, second.json.id));
    await t.db
      .update(webhooks)
      .set({ cursor: sql`${webhooks.cursor} - 1` })
      .where(eq(webhooks.id, hid));
    const again = await receiver.waitFor(2, (r) => r.json.id === first.json.id, 15_000);
    expect(again[1].headers['webhook-id']).toBe(first.json.id);
    expect(verifyStandardWebhook(secret, again[1].headers, again[1].body)).toBe(true);
    expect(again[1].at - first.at).toBeGreaterThanOrEqual(webhookConfig.retryDelaysMs[0] - 20);
    const requeued = await receiver.waitFor(2, (r) => r.json.id === second.json.id, 15_000);
    expect(requeued[1].body).toBe(second.body);

    // The receiver has its answer before the sender has written the attempt down: read the log
    // once it holds both attempts (or time out and compare what it holds).
    const attemptsOf = async () => {
      const log = await t!.http.get(`/api/boards/${boardId}/webhooks/${hid}/deliveries`).set(owner.auth);
      return (log.body.deliveries as { eventId: string; attempt: number; statusCode: number }[])
        .filter((d) => d.eventId === first.json.id)
        .map((d) => [d.attempt, d.statusCode]);
    };
    const attempts = await waitFor(async () =>
      (await attemptsOf()).length >= 2 ? attemptsOf() : null,
    ).catch(() => attemptsOf());
    expect(attempts).toEqual([
      [2, 200],
      [1, 500],
    ]);
    await waitFor(async () => ((await t!.db.select().from(webhookDeliveries)).length === 0 ? true : null));
    // Two starts of the app on a database on disk and two retry waits: slow on a busy machine.
  }, 90_000);
});
