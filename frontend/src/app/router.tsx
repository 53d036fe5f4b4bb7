import { createBrowserRouter } from 'react-router-dom';
import { setUnauthorizedHandler } from '../lib/api-client';
import type { RedirectState } from '../lib/auth-redirect';
import { buildRoutes, preloadBoardScreen } from './routes';

preloadBoardScreen(window.location.pathname);
export const router = createBrowserRouter(buildRoutes());

// A 401 from any call (the session is already cleared): to /login, coming back here afterwards.
setUnauthorizedHandler(() => {
  const from = router.state.location;
  const state: RedirectState | undefined = from.pathname === '/login' ? undefined : { from };
  void router.navigate('/login', { replace: true, state });
});
