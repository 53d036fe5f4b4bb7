import { createBrowserRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { setTwoFactorRequiredHandler, setUnauthorizedHandler } from '../lib/api-client';
import i18n from '../lib/i18n';
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

// An admin who must set up two-factor sign-in first (the server's 403 two_factor_setup_required):
// to the security settings, where it is set up.
setTwoFactorRequiredHandler(() => {
  toast.warn(i18n.t('app.twoFactorRequired'), { toastId: 'two-factor-required' });
  if (router.state.location.pathname !== '/settings/security') void router.navigate('/settings/security');
});
