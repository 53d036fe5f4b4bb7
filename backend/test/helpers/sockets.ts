import { io, type Socket } from 'socket.io-client';
import type { BoardEvent, ClientToServerEvents, JoinAck, ServerToClientEvents } from '@papan/shared';
import type { TestApp } from './test-app';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts listening on a free port (once) and answers the app's base URL. */
export async function listen(t: TestApp): Promise<string> {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

/** A real socket.io client; resolves once connected, rejects with the handshake error. */
export function connect(
  url: string,
  token?: string,
  extra: Partial<Parameters<typeof io>[1]> = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...extra,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function joinBoard(socket: ClientSocket, boardId: string): Promise<JoinAck> {
  return socket.timeout(5000).emitWithAck('board:join', { boardId });
}

/** Collects every board event a socket receives, and waits for the ones a test expects. */
export class EventLog {
  readonly events: BoardEvent[] = [];
  constructor(socket: ClientSocket) {
    socket.on('board:event', (e) => this.events.push(e));
  }

  async waitFor(predicate: (e: BoardEvent) => boolean, timeoutMs = 5000): Promise<BoardEvent> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.events.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(
      `no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.type))}`,
    );
  }
}

export const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));
