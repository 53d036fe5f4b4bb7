import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { RedirectState } from '../../lib/auth-redirect';
import { useSession } from '../../lib/session';

/** Admin routes need role ADMIN; anyone else goes to /login (docs/product.md, "Route table"). */
export function RequireAdmin() {
  const session = useSession((state) => state.session);
  const location = useLocation();
  if (session?.role === 'ADMIN') return <Outlet />;
  // Only a visitor comes back here after logging in; a signed-in non-admin would loop.
  const state: RedirectState | undefined = session ? undefined : { from: location };
  return <Navigate to="/login" replace state={state} />;
}
