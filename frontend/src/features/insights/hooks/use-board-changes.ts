import { useRef } from 'react';
import { joinBoard, leaveBoard } from '../../../lib/socket';
import { useSocketConnection, useSocketEvent } from '../../../lib/use-socket-event';

/**
 * Calls `onChange` for every change anyone makes to the board (docs/realtime.md): joins its room on
 * every (re)connect, as the board screen does, and leaves it when the screen goes. Any `board:event`
 * of this board counts, whether or not this screen could apply it; a reconnect counts too (what
 * happened while the socket was away is not sent again).
 */
export function useBoardChanges(boardId: string, onChange: () => void): void {
  const connectedBefore = useRef(false);

  useSocketEvent('board:event', (event) => {
    if ((event as { boardId?: unknown } | null)?.boardId === boardId) onChange();
  });
  useSocketConnection(
    (socket) => {
      void joinBoard(socket, boardId).then((ack) => {
        if (!ack.ok) console.warn(`board:join refused: ${ack.error}`);
      });
      if (connectedBefore.current) onChange();
      connectedBefore.current = true;
    },
    (socket) => leaveBoard(socket, boardId),
  );
}
