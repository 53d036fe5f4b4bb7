import { useSession } from './session';

/**
 * Log out: the server ends the login session (POST /api/auth/logout, which the audit log records)
 * and the browser forgets it at once, without waiting for the answer — signing out works offline
 * too, the session then simply ends when its token does.
 */
export function signOut(): void {
  const token = useSession.getState().session?.token;
  if (token) {
    void fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      // Sent even when the page goes away right after (the landing page is another chunk).
      keepalive: true,
    }).catch(() => undefined);
  }
  useSession.getState().logout();
}
