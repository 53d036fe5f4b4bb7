import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { createAdapter } from '@socket.io/postgres-adapter';
import { localFirst } from '../../src/modules/realtime/local-first';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';

/** The PostgreSQL adapter with its NOTIFY after local delivery: needs TEST_DATABASE_URL. */
const pgUrl = process.env.TEST_DATABASE_URL;
const describeOnServer = pgUrl ? describe : describe.skip;

interface Instance {
  http: HttpServer;
  io: Server;
  pool: Pool;
  /** The server side of its one client's socket: its engine announces each packet it is given. */
  packets: string[];
  client: Socket;
  received: unknown[];
}

describeOnServer('localFirst: the PostgreSQL adapter delivers here before it tells the others', () => {
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;

  async function start(url: string): Promise<Instance> {
    const pool = new Pool({ connectionString: url, max: 2 });
    const http = createServer();
    const server = new Server(http, { adapter: localFirst(createAdapter(pool)) });
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
    client.on('news', (n: unknown) => received.push(n));
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    return { http, io: server, pool, packets, client, received };
  }

  async function stop(i: Instance): Promise<void> {
    i.client.close();
    await i.io.close();
    await i.pool.end();
  }

  beforeAll(async () => {
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    drop = db.drop;
    a = await start(db.url);
    b = await start(db.url);
    // Both LISTEN before anything is sent: wait until A's adapter sees B (its heartbeat arrives).
    const deadline = Date.now() + 10_000;
    while ((await a.io.of('/').adapter.serverCount()) < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    await stop(a);
    await stop(b);
    await drop();
  });

  it("writes to this instance's sockets during the emit, then every instance's sockets get it once", async () => {
    expect(await a.io.of('/').adapter.serverCount()).toBe(2);
    a.io.to('room').emit('news', 1);
    // Before any round trip: the unwrapped adapter waited for PostgreSQL's answer to its NOTIFY.
    expect(a.packets).toEqual([expect.stringContaining('"news",1')]);

    const deadline = Date.now() + 5_000;
    while ((a.received.length < 1 || b.received.length < 1) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300)); // room for a duplicate to show
    expect(a.received).toEqual([1]);
    expect(b.received).toEqual([1]);
  });

  it('keeps local-only broadcasts local', async () => {
    a.io.local.to('room').emit('news', 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(a.received).toEqual([1, 2]);
    expect(b.received).toEqual([1]);
  });

  it('still honours except', async () => {
    a.io.to('room').except('room').emit('news', 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(a.received).toEqual([1, 2]);
    expect(b.received).toEqual([1]);
  });
});
