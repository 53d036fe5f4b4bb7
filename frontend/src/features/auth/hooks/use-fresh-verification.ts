import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { getCurrentUser } from '../api/get-current-user';

/**
 * While the session's address is not known to be verified, asks GET /api/auth/me on arrival and
 * whenever the window regains focus: the link may have been opened in another tab or device, and
 * a session stored before addresses were verified has no answer of its own.
 */
export function useFreshVerification(): void {
  const unconfirmed = useSession((state) => state.session !== null && state.session.emailVerified !== true);

  useEffect(() => {
    if (!unconfirmed) return;
    const controller = new AbortController();
    function refresh() {
      getCurrentUser(controller.signal).then(
        (user) => {
          const { session, updateUser } = useSession.getState();
          if (session?._id === user._id) updateUser({ emailVerified: user.emailVerified });
        },
        () => {
          // Offline or a lost session (the api client handles 401): the banner stays as it is.
        },
      );
    }
    refresh();
    window.addEventListener('focus', refresh);
    return () => {
      controller.abort();
      window.removeEventListener('focus', refresh);
    };
  }, [unconfirmed]);
}
