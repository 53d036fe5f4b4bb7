import { decode } from 'jsonwebtoken';
import { io } from 'socket.io-client';
import type { BoardEvent, StreamClientToServerEvents, StreamServerToClientEvents } from '@papan/shared';
import type { Socket } from 'socket.io-client';
import { createToken } from '../api-tokens/token-fixtures';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { createUser, login, seedMember } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { SseClient } from './sse-client';

/** Two instances on one PostgreSQL server: needs TEST_DATABASE_URL (CI's 127.0.0.1:5432). */
const pgUrl = process.env.TEST_DATABASE_URL;
const describeOnServer = pgUrl ? describe : describe.skip;

/** A stream on one instance follows changes and endings made on another (docs/api.md, "Live stream"). */
describeOnServer('the stream across two instances (PostgreSQL adapter)', () => {
  let a: TestApp;
  let b: TestApp;
  let onB: string;
  let cast: Cast;
  let drop: () => Promise<void>;
  const open: SseClient[] = [];

  beforeAll(async () => {
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    drop = db.drop;
    const overrides = {
      databaseUrl: db.url,
      redisUrl: null,
      jwtSecret: 'shared-secret-of-both-instances-0123456789',
    };
    a = await startTestApp(overrides);
    b = await startTestApp(overrides);
    onB = await listen(b);
    cast = await castOf(a);
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await a.close();
    await b.close();
    await drop();
  });

  const streamOnB = async (path: string, auth: Record<string, string>) => {
    const client = await SseClient.open(`${onB}${path}`, auth);
    open.push(client);
    expect(client.status).toBe(200);
    return client;
  };

  it('carries a change made on A to a stream on B, in order and once', async () => {
    const { _id: boardId } = await castBoard(a, cast);
    const client = await streamOnB(`/api/boards/${boardId}/stream`, cast.member.auth);
    const made = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        a.http.post(`/api/boards/${boardId}/lists`).set(cast.owner.auth).send({ title }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    await client.waitFor(() => client.events.length === 3, 'three events');
    const versions = client.events.map((e) => e.version);
    expect(versions).toEqual([versions[0], versions[0] + 1, versions[0] + 2]);
  });

  it('ends a stream on B when its token is revoked on A', async () => {
    const { _id: boardId } = await castBoard(a, cast);
    const token = await createToken(a, cast.member, { scopes: ['events:read'] });
    const client = await streamOnB(`/api/stream?boards=${boardId}`, token.auth);
    expect((await a.http.delete(`/api/tokens/${token._id}`).set(cast.member.auth)).status).toBe(200);
    await client.waitForEnd(1000);
  });

  it('ends a stream on B when the reader is removed from the board on A', async () => {
    const { _id: boardId } = await castBoard(a, cast);
    const client = await streamOnB(`/api/boards/${boardId}/stream`, cast.member.auth);
    await a.http.delete(`/api/boards/${boardId}/members/${cast.member._id}`).set(cast.owner.auth);
    await client.waitForEnd(2000);
    expect(client.events.map((e) => e.type)).toEqual(['member.removed']);
  });

  it('ends a stream on B when the board is deleted on A', async () => {
    const { _id: boardId } = await castBoard(a, cast);
    const client = await streamOnB(`/api/boards/${boardId}/stream`, cast.member.auth);
    expect((await a.http.delete(`/api/boards/${boardId}/permanent`).set(cast.owner.auth)).status).toBe(200);
    await client.waitForEnd(1000);
  });

  it('ends a stream on B when its login session is revoked on A', async () => {
    const { _id: boardId } = await castBoard(a, cast);
    const reader = await createUser(a, { password: 'reader-password' });
    await seedMember(a, boardId, reader);
    const other = await login(a, reader.email, 'reader-password');
    const client = await streamOnB(`/api/boards/${boardId}/stream`, reader.auth);
    const sid = (decode(reader.token) as { sid: string }).sid;
    expect((await a.http.delete(`/api/sessions/${sid}`).set(other.auth)).status).toBe(200);
    await client.waitForEnd(1000);
  });

  it('serves a /stream socket on B: a change on A arrives, a revocation on A disconnects it', async () => {
    const { _id: boardId } = await castBoard(a, cast);
    const token = await createToken(a, cast.member, { scopes: ['events:read'] });
    const socket: Socket<StreamServerToClientEvents, StreamClientToServerEvents> = io(`${onB}/stream`, {
      auth: { token: token.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      const received: BoardEvent[] = [];
      let disconnected = false;
      socket.on('board:event', (e) => received.push(e));
      socket.on('disconnect', () => (disconnected = true));
      expect(await socket.timeout(5000).emitWithAck('subscribe', { boardId })).toMatchObject({ ok: true });
      await a.http.post(`/api/boards/${boardId}/lists`).set(cast.owner.auth).send({ title: 'From A' });
      await waitUntil(() => received.length === 1, 'the event from A');
      expect(received[0].payload).toMatchObject({ title: 'From A' });
      expect((await a.http.delete(`/api/tokens/${token._id}`).set(cast.member.auth)).status).toBe(200);
      await waitUntil(() => disconnected, 'a disconnect');
    } finally {
      socket.close();
    }
  });
});

async function waitUntil(check: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
