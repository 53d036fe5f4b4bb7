import { isTwoFactorRequired } from '@papan/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { postLoginPath } from '../../../lib/auth-redirect';
import { useSession } from '../../../lib/session';
import { exchangeGoogleCodeOnce } from '../api/exchange-google-code';
import { exchangeOidcCodeOnce } from '../api/exchange-oidc-code';

/** A path of this app only (`/x`, never `//host` or `/\host`): where single sign-on returns. */
function returnState(next: string | null, state: unknown): unknown {
  if (!next || !/^\/(?![/\\])/.test(next)) return state;
  const url = new URL(next, window.location.origin);
  if (url.origin !== window.location.origin) return state;
  return {
    ...(state as object | null),
    from: { pathname: url.pathname, search: url.search, hash: url.hash },
  };
}

/**
 * /auth/callback?token=… (docs/product.md, "Route table"; docs/api.md, "Google sign-in"): the
 * Google sign-in lands here with a one-time code in `token`, never a session token; single sign-on
 * too, with `provider=oidc` and perhaps `next` (docs/api.md, "Single sign-on"). The code is
 * exchanged once, for a session or the two-factor step of /login.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const login = useSession((state) => state.login);
  const code = params.get('token');
  const oidc = params.get('provider') === 'oidc';
  const next = params.get('next');

  useEffect(() => {
    if (!code) {
      void navigate('/login', { replace: true });
      return;
    }
    let current = true;
    const state = returnState(next, location.state);
    (oidc ? exchangeOidcCodeOnce : exchangeGoogleCodeOnce)(code).then(
      (result) => {
        if (!current) return;
        if (isTwoFactorRequired(result)) {
          void navigate('/login', {
            replace: true,
            state: { ...(state as object | null), twoFactorChallenge: result.challenge },
          });
          return;
        }
        login(result);
        void navigate(postLoginPath(result.role, state), { replace: true });
      },
      () => {
        if (current)
          void navigate(oidc ? '/login?error=oidc_failed' : '/login?error=google_failed', { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [code, oidc, next, login, navigate, location.state]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950">
      <FullPageSpinner label={t(oidc ? 'auth.sso.callback' : 'auth.callback.message')} />
    </div>
  );
}
