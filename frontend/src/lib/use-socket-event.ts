import type { BoardEvent, ServerToClientEvents } from '@papan/shared';
import { useEffect, useEffectEvent } from 'react';
import { checkedEvent } from './checked-event';
import { useSession } from './session';
import { getSocket, type AppSocket } from './socket';

/** Calls `handler` for every `event` the server pushes to the signed-in user. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: (...args: Parameters<ServerToClientEvents[E]>) => void,
): void {
  const token = useSession((state) => state.session?.token);
  const onEvent = useEffectEvent(handler);

  useEffect(() => {
    if (!token) return;
    const socket = getSocket(token);
    const listener = (...args: Parameters<ServerToClientEvents[E]>) => onEvent(...args);
    // socket.io's typed `on` cannot relate a generic event name to its listener.
    const events = socket as unknown as {
      on: (name: string, fn: typeof listener) => void;
      off: (name: string, fn: typeof listener) => void;
    };
    events.on(event, listener);
    return () => events.off(event, listener);
  }, [token, event]);
}

/** Calls `handler` for every `board:event` that matches the shared schema (one that does not is logged). */
export function useBoardEvent(handler: (event: BoardEvent) => void): void {
  useSocketEvent('board:event', (received) => {
    const event = checkedEvent(received, 'the socket');
    if (event) handler(event);
  });
}

/**
 * Calls `onConnect` once the connection is up (at once when it already is) and again after every
 * reconnect, e.g. to join a room again; `onLeave` runs when the screen goes away.
 */
export function useSocketConnection(
  onConnect: (socket: AppSocket) => void,
  onLeave?: (socket: AppSocket) => void,
): void {
  const token = useSession((state) => state.session?.token);
  const connected = useEffectEvent(onConnect);
  const leave = useEffectEvent((socket: AppSocket) => onLeave?.(socket));

  useEffect(() => {
    if (!token) return;
    const socket = getSocket(token);
    const listener = () => connected(socket);
    socket.on('connect', listener);
    if (socket.connected) listener();
    return () => {
      socket.off('connect', listener);
      leave(socket);
    };
  }, [token]);
}
