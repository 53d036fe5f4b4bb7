import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { RedirectState } from '../../lib/auth-redirect';
import { useSession } from '../../lib/session';

/** Logged-in routes: without a session, go to /login and remember where we were going. */
export function RequireAuth() {
  const session = useSession((state) => state.session);
  const location = useLocation();
  if (!session) {
    const state: RedirectState = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
