import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../../common/config/app-config';
import { pgErrorCode } from '../../database/database';
import { INSTANCE_HEADER } from '../../common/logging/request-id';
import { PLAIN_ANSWER_HEADERS } from '../../common/http/plain-answer-headers';
import { localFirst, localFirstOnStreams } from './local-first';

/** Socket packets are small JSON commands; anything bigger is an attack or a bug. */
export const MAX_SOCKET_PACKET_BYTES = 64 * 1024;

export type AdapterKind = 'redis' | 'postgres' | 'memory';

/**
 * Emitted on the main namespace's adapter when a connection of the PostgreSQL adapter fails:
 * NOTIFY messages sent until it listens again are lost (InstanceRelay then trusts no cache).
 * Redis Streams reads on from its last offset after a reconnection and loses nothing.
 */
export const LINK_LOST = 'papan:link-lost';

/** Which adapter carries events between instances for this configuration. */
export function adapterKind(config: Pick<AppConfig, 'redisUrl' | 'databaseUrl'>): AdapterKind {
  return config.redisUrl ? 'redis' : config.databaseUrl ? 'postgres' : 'memory';
}

/**
 * socket.io with our origins and limits, and the adapter that carries events between instances:
 * Redis Streams when REDIS_URL is set (with connection-state recovery), else PostgreSQL when
 * DATABASE_URL is set, else in-process.
 */
export class PapanIoAdapter extends IoAdapter {
  private adapter: ServerOptions['adapter'] | undefined;
  private server: Server | undefined;
  private readonly closers: (() => Promise<unknown>)[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  /**
   * The adapters' libraries load only when configured: the Redis client alone is ~650 modules and
   * ~10 MB of a server that never uses it.
   */
  async connect(): Promise<void> {
    if (this.config.redisUrl) {
      const [{ createClient }, { createAdapter: createRedisStreamsAdapter }] = await Promise.all([
        import('redis'),
        import('@socket.io/redis-streams-adapter'),
      ]);
      const client = createClient({ url: this.config.redisUrl });
      client.on('error', () => undefined); // reconnects on its own; events fall back to polling meanwhile
      await client.connect();
      // Connection-state recovery is on with Redis (createIOServer below).
      this.adapter = localFirstOnStreams(createRedisStreamsAdapter(client), true) as ServerOptions['adapter'];
      this.closers.push(() => client.quit());
    } else if (this.config.databaseUrl) {
      const [{ Pool }, { createAdapter: createPostgresAdapter }] = await Promise.all([
        import('pg'),
        import('@socket.io/postgres-adapter'),
      ]);
      const pool = new Pool({ connectionString: this.config.databaseUrl, max: 2 });
      // A dropped adapter connection must not take the process down; the adapter reconnects.
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => this.server?.of('/').adapter.emit(LINK_LOST)));
      await pool
        .query(
          'create table if not exists socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)',
        )
        // Two instances starting together race on "if not exists"; the loser's table is already there.
        .catch((err: unknown) => {
          if (!['23505', '42P07'].includes(pgErrorCode(err) ?? '')) throw err;
        });
      this.adapter = localFirst(createPostgresAdapter(pool)) as ServerOptions['adapter'];
      this.closers.push(() => pool.end());
    }
  }

  get kind(): AdapterKind {
    return adapterKind(this.config);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      cors: { origin: this.config.allowedOrigins, credentials: true },
      maxHttpBufferSize: MAX_SOCKET_PACKET_BYTES,
      allowRequest: (req: IncomingMessage, callback: (err: string | null, ok: boolean) => void) => {
        const origin = req.headers.origin;
        // Browsers always send Origin; a foreign one is refused. Non-browser clients send none.
        callback(null, !origin || this.config.allowedOrigins.includes(origin));
      },
      ...(this.adapter ? { adapter: this.adapter } : {}),
      // A recovered socket goes through the handshake middleware again (its token is checked anew);
      // RecoveryCheck drops the rooms and missed events it may no longer have.
      ...(this.config.redisUrl
        ? { connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false } }
        : {}),
    });
    this.server = server;
    const instance = this.config.instanceId;
    server.engine.on('headers', (headers: Record<string, string>) => {
      // Its long-polling answers bypass Fastify and helmet.
      Object.assign(headers, PLAIN_ANSWER_HEADERS);
      // Socket traffic says which instance answered, like the HTTP answers (bootstrap.ts).
      if (instance) headers[INSTANCE_HEADER] = instance;
    });
    return server;
  }

  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    await super.close(server);
    // A link the network already cut may never answer a goodbye: give up after a moment.
    const giveUp = () => new Promise((resolve) => setTimeout(resolve, 2000).unref());
    await Promise.all(this.closers.map((c) => Promise.race([c().catch(() => undefined), giveUp()])));
  }
}
