import type { Server as HttpServer, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { Logger, type INestApplication } from '@nestjs/common';

/** SIGTERM must end the process well within the 10 s an orchestrator usually waits before SIGKILL. */
export const SHUTDOWN_DEADLINE_MS = 9_000;
/**
 * Connections the kernel has already completed but a busy process has not yet accepted are reset
 * when the listener closes: it stays open until none has come for QUIET_MS (at most MAX_ACCEPT_MS).
 */
const QUIET_MS = 250;
const MAX_ACCEPT_MS = 3_000;

/**
 * SIGTERM or SIGINT: stop accepting connections (once those already queued are in), answer every request
 * already sent (each answer then closes its connection), close the sockets and the database (releasing the DATA_DIR lock),
 * and exit 0. Nest's own shutdown hooks would re-raise the signal (exit 143) and, through
 * socket.io, close idle connections at once — including ones whose request was sent but not yet
 * read, which the client sees as a reset.
 */
export function stopOnSignals(app: INestApplication): void {
  const server = app.getHttpServer() as HttpServer;
  const active = new Set<ServerResponse>();
  let stopping = false;
  let lastConnectionAt = 0;
  server.on('connection', () => (lastConnectionAt = Date.now()));
  server.on('request', (req, res: ServerResponse) => {
    // Long-polling socket.io requests stay open by design; socket.io ends them when it closes.
    if (req.url?.startsWith('/socket.io/')) return;
    if (stopping) res.setHeader('Connection', 'close');
    active.add(res);
    res.once('close', () => active.delete(res));
  });

  const logger = new Logger('Papan');
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing requests in flight, then stopping`);
    const deadline = setTimeout(() => {
      console.error(`Papan did not stop within ${SHUTDOWN_DEADLINE_MS} ms of ${signal}; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
    const signalledAt = Date.now();
    until(
      () =>
        Date.now() - Math.max(lastConnectionAt, signalledAt) >= QUIET_MS ||
        Date.now() - signalledAt >= MAX_ACCEPT_MS,
    )
      // Only the listening socket: http.Server#close would also drop connections not yet read.
      .then(() => NetServer.prototype.close.call(server))
      .then(() => drain(active))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(`Papan failed to stop cleanly: ${err instanceof Error ? err.message : String(err)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Waits until no HTTP request is being answered (a request read meanwhile joins the wait). */
async function drain(active: Set<ServerResponse>): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await until(() => active.size === 0);
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
