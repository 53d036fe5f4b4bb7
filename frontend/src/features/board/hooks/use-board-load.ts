import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { inviteMember } from '../api/invite-member';
import { useBoardStore } from '../store';

/** Opens the board in the store and reads it; closes it when the screen goes away. */
export function useBoardLoad(boardId: string): void {
  useEffect(() => {
    const store = useBoardStore.getState();
    store.open(boardId);
    void store.refresh();
    return () => useBoardStore.getState().open(null);
  }, [boardId]);
  useAutoJoin(boardId);
}

/**
 * The auto-join (docs/product.md, "States and transitions"): a loaded board whose members do not
 * include the user's e-mail gets an invitation for that e-mail (the server treats it as joining),
 * then is read again. Tried once.
 */
function useAutoJoin(boardId: string): void {
  const email = useSession((state) => state.session?.email?.toLowerCase());
  const members = useBoardStore((state) => state.board?.members);
  const tried = useRef(false);

  useEffect(() => {
    if (!members || !email || tried.current) return;
    if (members.some((member) => member.email?.toLowerCase() === email)) return;
    tried.current = true;
    inviteMember(boardId, email).then(
      () => useBoardStore.getState().refresh(),
      (error: unknown) => {
        // An auto-join failure is only logged (docs/product.md, "Failures and messages"); a refusal
        // means the non-member screen.
        console.error('Auto-join failed', error);
        if (error instanceof ApiError && error.status === 403)
          useBoardStore.setState({ status: 'forbidden', board: null });
      },
    );
  }, [boardId, email, members]);
}
