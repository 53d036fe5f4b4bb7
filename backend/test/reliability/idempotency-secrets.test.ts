import { eq } from 'drizzle-orm';
import { idempotencyKeys } from '../../src/database/schema';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * docs/api.md, "Retrying creates": a create whose answer holds a secret shown once (an API token, a
 * webhook's signing secret) keeps only that it happened. The secret is never written to
 * `idempotency_keys`, and a retry with the same key answers 409 instead of the secret again.
 */
describe('Idempotency-Key on creates whose answer holds a secret', () => {
  let t: TestApp;
  let owner: TestUser;
  let boardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    boardId = (await createBoard(t, owner))._id;
  });
  afterAll(() => t.close());

  const storedBodies = async (key: string) =>
    (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).map((r) => r.body);

  it.each([
    [
      'POST /api/tokens',
      () => '/api/tokens',
      'token',
      { name: 'CI', scopes: ['boards:read'] },
      { name: 'Other', scopes: ['boards:read'] },
    ],
    [
      'POST /api/boards/{id}/webhooks',
      () => `/api/boards/${boardId}/webhooks`,
      'secret',
      { url: 'https://hooks.example/p' },
      { url: 'https://hooks.example/q' },
    ],
  ])(
    '%s: the secret is neither stored nor replayed; a retry answers 409 and creates nothing',
    async (_name, pathOf, field, body, otherBody) => {
      const key = `secret-${field}`;
      const send = () => t.http.post(pathOf()).set(owner.auth).set('Idempotency-Key', key).send(body);
      const first = await send();
      expect(first.status).toBe(201);
      const secret = first.body[field] as string;
      expect(secret.length).toBeGreaterThan(20);

      const retry = await send();
      expect(retry.status).toBe(409);
      expect(retry.body.message).toMatch(/^Idempotency-Key was already used.*secret is shown only once/);
      expect(retry.text).not.toContain(secret);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(await storedBodies(key)).toEqual([null]);

      const listed = await t.http.get(pathOf()).set(owner.auth);
      const items = (listed.body.tokens ?? listed.body.webhooks) as { _id: string }[];
      expect(items.map((i) => i._id)).toEqual([first.body._id]);
      // Another body under the same key is still a client mistake (422).
      const other = t.http.post(pathOf()).set(owner.auth).set('Idempotency-Key', key).send(otherBody);
      expect((await other).status).toBe(422);
    },
  );
});
