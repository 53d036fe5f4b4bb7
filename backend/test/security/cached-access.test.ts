import { decode } from 'jsonwebtoken';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Sessions, memberships and board versions are kept in memory per instance (LiveSessions,
 * BoardAccessCache). Whatever ends access still acts at once: the first request after the answer
 * that ended it is refused, on the instance that ended it and on another one.
 */
interface Instances {
  /** Where access is ended. */
  a: TestApp;
  /** Where the reader's next request goes, after its cache was warmed. */
  b: TestApp;
}

function describeRevocation(name: string, start: () => Promise<Instances & { close(): Promise<void> }>) {
  describe(name, () => {
    let a: TestApp;
    let b: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ a, b, close } = await start());
    });
    afterAll(() => close());

    /** The board read, the 5-second poll and the events call, as the reader's browser sends them. */
    async function warm(reader: TestUser, boardId: string): Promise<string> {
      const first = await b.http.get(`/api/boards/${boardId}`).set(reader.auth);
      expect(first.status).toBe(200);
      const etag = String(first.headers.etag);
      const poll = await b.http.get(`/api/boards/${boardId}`).set(reader.auth).set('If-None-Match', etag);
      expect(poll.status).toBe(304);
      expect((await b.http.get(`/api/boards/${boardId}/events?after=0`).set(reader.auth)).status).toBe(200);
      return etag;
    }

    async function boardWithMember() {
      const owner = await createUser(a);
      const member = await createUser(a);
      const board = await createBoard(a, owner);
      await a.http.post(`/api/boards/${board._id}/members`).set(owner.auth).send({ email: member.email });
      return { owner, member, boardId: board._id };
    }

    it('refuses a revoked login session at once (401)', async () => {
      const { owner, boardId } = await boardWithMember();
      const device = await createUser(a);
      await a.http.post(`/api/boards/${boardId}/members`).set(owner.auth).send({ email: device.email });
      const etag = await warm(device, boardId);
      const { sid } = decode(device.token) as { sid: string };
      expect((await a.http.delete(`/api/sessions/${sid}`).set(device.auth)).status).toBe(200);

      const poll = await b.http.get(`/api/boards/${boardId}`).set(device.auth).set('If-None-Match', etag);
      expect(poll.status).toBe(401);
      expect((await b.http.get(`/api/boards/${boardId}/events?after=0`).set(device.auth)).status).toBe(401);
    });

    it('refuses a removed member at once (403)', async () => {
      const { owner, member, boardId } = await boardWithMember();
      const etag = await warm(member, boardId);
      const removed = await a.http.delete(`/api/boards/${boardId}/members/${member._id}`).set(owner.auth);
      expect(removed.status).toBe(200);

      const poll = await b.http.get(`/api/boards/${boardId}`).set(member.auth).set('If-None-Match', etag);
      expect(poll.status).toBe(403);
      expect((await b.http.get(`/api/boards/${boardId}/events?after=0`).set(member.auth)).status).toBe(403);
    });

    it('answers 404 for a deleted board at once', async () => {
      const { owner, member, boardId } = await boardWithMember();
      const etag = await warm(member, boardId);
      expect((await a.http.delete(`/api/boards/${boardId}/permanent`).set(owner.auth)).status).toBe(200);

      const poll = await b.http.get(`/api/boards/${boardId}`).set(member.auth).set('If-None-Match', etag);
      expect(poll.status).toBe(404);
      expect((await b.http.get(`/api/boards/${boardId}/events?after=0`).set(member.auth)).status).toBe(404);
    });

    it('refuses every session of a deleted account at once (401)', async () => {
      const { member, boardId } = await boardWithMember();
      await warm(member, boardId);
      const deleted = await a.http
        .delete('/api/users/me')
        .set(member.auth)
        .send({ password: member.password });
      expect(deleted.status).toBeLessThan(300);

      expect((await b.http.get(`/api/boards/${boardId}`).set(member.auth)).status).toBe(401);
    });

    it('answers a poll with the new version once the board changed', async () => {
      const { owner, member, boardId } = await boardWithMember();
      const etag = await warm(member, boardId);
      await a.http.put(`/api/boards/${boardId}`).set(owner.auth).send({ title: 'Renamed' });
      await a.http.post(`/api/boards/${boardId}/lists`).set(owner.auth).send({ title: 'New list' });

      // The version travels to the other instance without waiting for it: it may take a moment.
      const poll = await eventually(
        () => b.http.get(`/api/boards/${boardId}`).set(member.auth).set('If-None-Match', etag),
        (body) => (body as { lists: unknown[] }).lists.length > 0,
      );
      expect(poll.body).toMatchObject({ title: 'Renamed', lists: [{ title: 'New list' }] });
    });

    it('changes the ETag of a reader who pinned the board', async () => {
      const { member, boardId } = await boardWithMember();
      const etag = await warm(member, boardId);
      expect((await a.http.put(`/api/boards/${boardId}/toggle-pin`).set(member.auth)).status).toBe(200);

      const poll = await eventually(() =>
        b.http.get(`/api/boards/${boardId}`).set(member.auth).set('If-None-Match', etag),
      );
      expect(poll.body).toMatchObject({ isPinned: true });
    });
  });
}

/** Retries a read that answered 304 (or not yet `done`) for a little while; no timing is asserted. */
async function eventually(
  read: () => PromiseLike<{ status: number; body: unknown }>,
  done: (body: unknown) => boolean = () => true,
) {
  for (let i = 0; i < 50; i++) {
    const answer = await read();
    if (answer.status !== 304 && done(answer.body)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('still 304');
}

describeRevocation('one instance', async () => {
  const t = await startTestApp();
  return { a: t, b: t, close: () => t.close() };
});

const pgUrl = process.env.TEST_DATABASE_URL;
(pgUrl ? describe : describe.skip).each([
  ['the PostgreSQL adapter', null],
  ['the Redis Streams adapter', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('two instances on one PostgreSQL database, %s', (_name, redisUrl) => {
  describeRevocation('across instances', async () => {
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    const overrides = {
      databaseUrl: db.url,
      redisUrl,
      jwtSecret: 'shared-secret-of-both-instances-0123456789',
    };
    const a = await startTestApp(overrides);
    const b = await startTestApp(overrides);
    return {
      a,
      b,
      close: async () => {
        await a.close();
        await b.close();
        await db.drop();
      },
    };
  });
});
