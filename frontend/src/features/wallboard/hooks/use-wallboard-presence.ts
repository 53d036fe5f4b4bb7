import type { BoardPresence } from '@papan/shared';
import { useEffect, useState } from 'react';
import { readWallboardPresence } from '../api/wallboard-api';

/** How often the wallboard asks who is online: a TV on the wall, not a race. */
export const PRESENCE_POLL_MS = 10_000;

/**
 * The people who have the board open in the app, read now and every PRESENCE_POLL_MS while the
 * wallboard is live. The wallboard follows an event stream, not the board's socket room, so it is
 * never counted itself. A failed read keeps the last answer.
 */
export function useWallboardPresence(
  boardId: string,
  token: string | null,
  live: boolean,
): BoardPresence['users'] {
  const [users, setUsers] = useState<BoardPresence['users']>([]);

  useEffect(() => {
    if (!token || !live) return;
    const abort = new AbortController();
    const read = () =>
      readWallboardPresence(boardId, token, abort.signal).then(
        (presence) => setUsers(presence.users),
        () => undefined,
      );
    void read();
    const timer = setInterval(read, PRESENCE_POLL_MS);
    return () => {
      abort.abort();
      clearInterval(timer);
    };
  }, [boardId, token, live]);

  return users;
}
