import type { ClientToServerEvents, JoinAck, ServerToClientEvents } from '@papan/shared';
import { io, type Socket } from 'socket.io-client';
import { useSession } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long `board:join` may wait for its acknowledgement. */
export const JOIN_TIMEOUT_MS = 10_000;
/** Manual reconnects after a refused handshake: 1 s, 2 s, 4 s … at most 30 s apart. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

let socket: AppSocket | null = null;
let socketToken: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** The one connection for the signed-in token; a new token (login, profile update) reconnects. */
export function getSocket(token: string): AppSocket {
  if (socket && socketToken === token) return socket;
  disconnectSocket();
  // Same origin: the backend serves socket.io under /socket.io (Vite proxies it in development).
  // socket.io's manager reconnects a dropped connection by itself, with exponential backoff
  // (1 s doubling up to 5 s, ±50% jitter).
  socket = io({ auth: { token } });
  socketToken = token;
  retryAfterRefusal(socket);
  return socket;
}

export function disconnectSocket(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  socket?.disconnect();
  socket = null;
  socketToken = null;
}

/**
 * A handshake the server refused (its auth middleware failed, e.g. the database was briefly away)
 * is not retried by socket.io itself; this tries again with growing pauses. A token that is really
 * bad ends the session through the HTTP 401 path, which disconnects this socket.
 */
function retryAfterRefusal(current: AppSocket) {
  let attempt = 0;
  current.on('connect', () => (attempt = 0));
  current.on('connect_error', () => {
    if (current.active || socket !== current || retryTimer) return;
    const delay = Math.min(RETRY_BASE_MS * 2 ** attempt++, RETRY_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (socket === current) current.connect();
    }, delay);
  });
}

/** Enters a board's room; the answer carries the board's current version (or why not). */
export function joinBoard(target: AppSocket, boardId: string): Promise<JoinAck> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: 'timeout' }), JOIN_TIMEOUT_MS);
    target.emit('board:join', { boardId }, (answer: JoinAck) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

export function leaveBoard(target: AppSocket, boardId: string): void {
  target.emit('board:leave', { boardId });
}

// Logging out closes the connection, so nothing more arrives for the previous user.
useSession.subscribe((state) => {
  if (!state.session) disconnectSocket();
});
