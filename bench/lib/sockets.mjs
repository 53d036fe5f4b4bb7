// @ts-check
// socket.io clients as the browser opens them (websocket transport, token in the handshake).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './server.mjs';

const { io } = createRequire(join(ROOT, 'backend', 'package.json'))('socket.io-client');

/**
 * @param {string} url @param {string} token
 * @returns {Promise<any>} a connected socket
 */
export function connect(url, token) {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (/** @type {Error} */ err) => {
      socket.close();
      reject(err);
    });
  });
}

/** @param {any} socket @param {string} boardId */
export async function joinBoard(socket, boardId) {
  const ack = await socket.timeout(10_000).emitWithAck('board:join', { boardId });
  if (!ack.ok) throw new Error(`board:join refused: ${ack.error}`);
  return ack;
}

/** @param {any[]} sockets */
export function closeAll(sockets) {
  for (const s of sockets) s.close();
}
