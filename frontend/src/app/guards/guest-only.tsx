import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { postLoginPath } from '../../lib/auth-redirect';
import { useSession } from '../../lib/session';

/** /login and /register: a signed-in user is sent on (to /, or back to the page that sent them here). */
export function GuestOnly() {
  const session = useSession((state) => state.session);
  const location = useLocation();
  if (session) return <Navigate to={postLoginPath(session.role, location.state)} replace />;
  return <Outlet />;
}
