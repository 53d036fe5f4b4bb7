import { TIMINGS } from '@papan/shared';
import { useEffect, useRef } from 'react';
import { drainOutbox } from '../../../lib/outbox/outbox';
import { useSession } from '../../../lib/session';
import { getSocket, joinBoard, leaveBoard, type AppSocket } from '../../../lib/socket';
import { useSocketConnection, useSocketEvent } from '../../../lib/use-socket-event';
import { useBoardStore } from '../store';

/**
 * docs/realtime.md in the browser: joins the board's room on every (re)connect, hands each
 * `board:event` to the store (which applies them in version order) and keeps who is viewing. A
 * reconnect, or a join acknowledged with a newer version, catches up from the board's event log
 * (docs/realtime.md, "Recovering: the version is the truth"): events sent while the socket was away
 * are read back, in order.
 */
export function useBoardLive(boardId: string): void {
  const token = useSession((state) => state.session?.token);
  const status = useBoardStore((state) => state.status);
  const joined = useRef(false);

  function join(socket: AppSocket) {
    void joinBoard(socket, boardId).then((ack) => {
      joined.current = ack.ok;
      const board = useBoardStore.getState().board;
      if (ack.ok && board && ack.version > board.version) void useBoardStore.getState().catchUp();
      if (!ack.ok) console.warn(`board:join refused: ${ack.error}`);
    });
  }

  useSocketEvent('board:event', (event) => useBoardStore.getState().receiveEvent(event));
  useSocketEvent('board:presence', (presence) => useBoardStore.getState().setViewers(presence));
  useSocketConnection(
    (socket) => {
      // Changes that waited for the connection go first; the event log then brings the board up to
      // date (docs/architecture.md, "The outbox").
      void drainOutbox().finally(() => {
        const store = useBoardStore.getState();
        if (store.board) void store.catchUp();
      });
      join(socket);
    },
    (socket) => leaveBoard(socket, boardId),
  );

  // A join refused while the user was not a member is tried again once they are (Join Board).
  useEffect(() => {
    if (status === 'forbidden') joined.current = false;
    if (status !== 'ready' || joined.current || !token) return;
    const socket = getSocket(token);
    if (socket.connected) join(socket);
    // `join` only reads the board id, which never changes for this screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, token]);
}

/**
 * The board is brought up to date every 5 s, also without a socket (docs/product.md,
 * "States and transitions"): by asking for the events after its version (an empty answer when
 * nothing changed), never by reading it whole; a 410 or an event it cannot apply reads it whole, a
 * 403 shows the non-member screen.
 */
export function useBoardPolling(): void {
  useEffect(() => {
    const timer = setInterval(() => {
      const store = useBoardStore.getState();
      if (store.status === 'ready') void store.catchUp();
    }, TIMINGS.boardPollMs);
    return () => clearInterval(timer);
  }, []);
}
