import type { ServerToClientEvents } from '@papan/shared';
import type { Server } from 'socket.io';

/** socket.io-parser's EVENT packet type (what `emit` sends). */
const EVENT_PACKET = 2;

/**
 * `server.to(room).except(except).emit(name, data)`, resolved once this instance's sockets have it.
 * A cluster adapter (PostgreSQL, Redis) publishes to the other instances first and delivers here
 * after; two plain emits can therefore reach local sockets out of order (a payload over 8 kB takes
 * two statements to publish, the next event one). Awaiting each keeps a board's events in order.
 */
export async function deliver<E extends keyof ServerToClientEvents>(
  server: Server<never, ServerToClientEvents>,
  room: string,
  except: string[],
  name: E,
  // Typed by the shared event map: a payload that does not match its event is a compile error.
  data: Parameters<ServerToClientEvents[E]>[0],
): Promise<void> {
  // The in-memory adapter delivers at once and answers nothing; cluster adapters answer a promise.
  const delivered: unknown = server
    .of('/')
    .adapter.broadcast(
      { type: EVENT_PACKET, data: [name, data] },
      { rooms: new Set([room]), except: new Set(except), flags: {} },
    );
  await delivered;
}
