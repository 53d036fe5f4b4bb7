import { createServer, connect, type Server, type Socket } from 'node:net';
import { cloneTemplateDatabase } from './postgres-databases';

/**
 * A TCP proxy in front of a server (PostgreSQL in the reliability tests) that can be "stopped" —
 * every connection cut and new ones refused, as when the server goes down — and started again on
 * the same port, without touching the real server.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly open = new Set<Socket>();
  port = 0;

  /** Called with each chunk a client sends, as it arrives (one `write`/`writev` of the client's, on loopback). */
  onClientData: ((chunk: Buffer) => void) | null = null;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.open.add(s);
        s.on('error', () => undefined);
        s.on('close', () => {
          this.open.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.on('data', (chunk: Buffer) => this.onClientData?.(chunk));
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this.port;
  }

  /** Cuts every connection and refuses new ones (the port stays ours to start again). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
    for (const s of this.open) s.destroy();
    this.open.clear();
    await closed;
  }

  get connections(): number {
    return this.open.size;
  }
}

/**
 * A fresh clone of the migrated template on the PostgreSQL server at `serverUrl`, reached through a
 * started `TcpProxy`: `url` goes through the proxy; `drop` removes the clone.
 */
export async function proxiedDatabase(
  serverUrl: string,
): Promise<{ proxy: TcpProxy; url: string; drop: () => Promise<void> }> {
  const db = await cloneTemplateDatabase(serverUrl, process.env.PAPAN_PG_TEMPLATE!);
  const target = new URL(db.url);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  target.port = String(await proxy.start());
  target.hostname = '127.0.0.1';
  return { proxy, url: target.toString(), drop: db.drop };
}
