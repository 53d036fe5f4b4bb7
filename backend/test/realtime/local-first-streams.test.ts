import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { localFirstOnStreams, OFFSET_EVENT } from '../../src/modules/realtime/local-first';

/** The Redis streams adapter with its XADD after local delivery: needs TEST_REDIS_URL (or CI's server run). */
const redisUrl =
  process.env.TEST_REDIS_URL ?? (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);
const describeWithRedis = redisUrl ? describe : describe.skip;

async function connectRedis() {
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  return redis;
}

interface Instance {
  http: HttpServer;
  io: Server;
  redis: Awaited<ReturnType<typeof connectRedis>>;
  /** The server side of its one client's socket: its engine announces each packet it is given. */
  packets: string[];
  client: Socket;
  received: unknown[];
  offsets: string[];
}

/** The offset socket.io's client recovers from (kept by the client, not in its typings). */
const lastOffset = (client: Socket) => (client as unknown as { _lastOffset?: string })._lastOffset;

describeWithRedis('localFirstOnStreams: the Redis adapter delivers here before its XADD answers', () => {
  // A stream of the test's own: other test files share the server.
  const streamName = `papan-test-${randomUUID()}`;
  let a: Instance;
  let b: Instance;

  async function start(): Promise<Instance> {
    const redis = await connectRedis();
    const http = createServer();
    const server = new Server(http, {
      adapter: localFirstOnStreams(createAdapter(redis, { streamName }), true),
      connectionStateRecovery: { maxDisconnectionDuration: 60_000 },
    });
    const packets: string[] = [];
    server.on('connection', (socket) => {
      void socket.join('room');
      socket.conn.on('packetCreate', (packet: { type: string; data?: unknown }) => {
        if (packet.type === 'message') packets.push(String(packet.data));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    const received: unknown[] = [];
    const offsets: string[] = [];
    client.on('news', (n: unknown) => received.push(n));
    client.on(OFFSET_EVENT, (offset: string) => offsets.push(offset));
    client.on('ping-ack', (answer: (reply: string) => void) => answer('pong'));
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    return { http, io: server, redis, packets, client, received, offsets };
  }

  async function stop(i: Instance): Promise<void> {
    i.client.close();
    await i.io.close();
    await i.redis.quit();
  }

  async function until(done: () => boolean, ms = 5_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  beforeAll(async () => {
    a = await start();
    b = await start();
    // b's adapter reads the stream from "$" once its first XREAD is under way; an entry added before
    // that is never read there. Broadcast until b hears one, then start from a clean slate.
    let heard = false;
    b.client.on('warm', () => (heard = true));
    for (let i = 0; !heard && i < 100; i++) {
      a.io.to('room').emit('warm', i);
      await until(() => heard, 100);
    }
    if (!heard) throw new Error("the second instance's adapter never read the stream");
    await new Promise((r) => setTimeout(r, 300)); // the warm-ups' offsets arrive
    b.client.off('warm');
    a.packets.length = 0;
    a.offsets.length = 0;
  });
  afterAll(async () => {
    await stop(a);
    await stop(b);
    const redis = await connectRedis();
    await redis.del(streamName);
    await redis.quit();
  });

  it("writes to this instance's sockets during the emit, then hands them the event's offset", async () => {
    a.io.to('room').emit('news', 1);
    // Before any round trip: the unwrapped adapter waited for Redis's answer to its XADD.
    expect(a.packets).toEqual([expect.stringContaining('"news",1]')]);

    await until(() => a.offsets.length === 1 && b.received.length === 1);
    await new Promise((r) => setTimeout(r, 300)); // room for a duplicate to show
    expect(a.received).toEqual([1]);
    expect(b.received).toEqual([1]);
    // The local client's offset is the stream's entry for the event; the other instance's client
    // got the same offset on the event itself.
    const entries = await a.redis.xRange(streamName, a.offsets[0]!, a.offsets[0]!);
    expect(entries).toHaveLength(1);
    expect(lastOffset(a.client)).toBe(a.offsets[0]);
    expect(lastOffset(b.client)).toBe(a.offsets[0]);
  });

  it('keeps local-only broadcasts local, with no XADD and no offset', async () => {
    const before = await a.redis.xLen(streamName);
    a.io.local.to('room').emit('news', 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(a.received).toEqual([1, 2]);
    expect(b.received).toEqual([1]);
    expect(a.offsets).toHaveLength(1);
    expect(await a.redis.xLen(streamName)).toBe(before);
  });

  it('still honours except', async () => {
    a.io.to('room').except('room').emit('news', 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(a.received).toEqual([1, 2]);
    expect(b.received).toEqual([1]);
  });

  it("keeps acknowledgements: every instance's clients answer, and no offset is given", async () => {
    const acks: unknown = await a.io.to('room').timeout(2_000).emitWithAck('ping-ack');
    expect(acks).toEqual(['pong', 'pong']);
    await new Promise((r) => setTimeout(r, 200));
    expect(a.offsets).toHaveLength(1);
  });
});
