import { request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRANSFER_LIMITS } from '@papan/shared';
import { IMPORT_BUSY_RETRY_SECONDS } from '../../src/modules/board-transfer/import-limits';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { importFile, rowCounts, trelloFixture } from './transfer-helpers';

const { importsAtOnce, importsPerWindow, importWindowSeconds } = TRANSFER_LIMITS;
const BOUNDARY = 'papan-limits-test';

/**
 * An import whose upload has begun and not ended: it holds its place (person and instance) until
 * the connection is cut. Resolves once the server has started reading the file.
 */
async function hangingImport(t: TestApp, user: TestUser): Promise<ClientRequest> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/boards/import',
    headers: {
      ...user.auth,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(1024 * 1024),
    },
  });
  req.on('error', () => undefined);
  req.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.json"\r\n` +
      'Content-Type: application/json\r\n\r\n{"lists": [',
  );
  await new Promise((r) => setTimeout(r, 300));
  return req;
}

/** Cuts the hanging uploads and waits until `user` can import again. */
async function cut(t: TestApp, hanging: ClientRequest[], user: TestUser) {
  for (const req of hanging) req.destroy();
  for (let i = 0; ; i++) {
    const res = await importFile(t, user, trelloFixture());
    if (res.status === 201) return;
    if (i > 20) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Issue 31, finding 2: how many imports run at once, and how many a person may start. */
describe('board import limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('runs one import per person at a time: a second one meanwhile gets 429 with Retry-After', async () => {
    const user = await createUser(t);
    const hanging = await hangingImport(t, user);
    const res = await importFile(t, user, trelloFixture());
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('One import at a time: your previous import is still running.');
    expect(res.headers['retry-after']).toBe(String(IMPORT_BUSY_RETRY_SECONDS));
    // Someone else's import runs meanwhile.
    expect((await importFile(t, await createUser(t), trelloFixture())).status).toBe(201);
    await cut(t, [hanging], user);
  });

  it(`runs at most ${importsAtOnce} imports at a time on an instance`, async () => {
    const users = await Promise.all([...Array(importsAtOnce + 1)].map(() => createUser(t)));
    const hanging = await Promise.all(users.slice(0, importsAtOnce).map((u) => hangingImport(t, u)));
    const res = await importFile(t, users[importsAtOnce], trelloFixture());
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(
      `The server is busy: at most ${importsAtOnce} imports run at a time. Please try again in a moment.`,
    );
    expect(res.headers['retry-after']).toBe(String(IMPORT_BUSY_RETRY_SECONDS));
    // Once they are done (here: cut off), the next one runs.
    await cut(t, hanging, users[importsAtOnce]);
  });

  it(`lets a person start ${importsPerWindow} imports per ${importWindowSeconds / 60} minutes, refused ones included`, async () => {
    const user = await createUser(t);
    // An empty file is refused after it is counted: the attempts cost nothing else here.
    for (let i = 0; i < importsPerWindow; i++)
      expect((await importFile(t, user, Buffer.alloc(0))).status).toBe(400);
    const before = await rowCounts(t);
    const res = await importFile(t, user, trelloFixture());
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(
      `Too many imports: at most ${importsPerWindow} per ${importWindowSeconds / 60} minutes. Please try again later.`,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(importWindowSeconds - 60);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(importWindowSeconds);
    expect(await rowCounts(t)).toEqual(before);
    // Someone else is not held back.
    expect((await importFile(t, await createUser(t), trelloFixture())).status).toBe(201);
  });
});
