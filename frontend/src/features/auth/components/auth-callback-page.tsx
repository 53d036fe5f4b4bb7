import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { postLoginPath } from '../../../lib/auth-redirect';
import { useSession } from '../../../lib/session';
import { exchangeGoogleCodeOnce } from '../api/exchange-google-code';

/** Where a failed exchange lands: the login page, saying that Google sign-in failed. */
const FAILED = '/login?error=google_failed';

/**
 * /auth/callback?token=… (docs/product.md, "Route table"; docs/api.md, "Google sign-in"): the
 * Google sign-in lands here with a one-time code in `token`, never a session token. The code is
 * exchanged for a session, once.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const login = useSession((state) => state.login);
  const code = params.get('token');

  useEffect(() => {
    if (!code) {
      void navigate('/login', { replace: true });
      return;
    }
    let current = true;
    exchangeGoogleCodeOnce(code).then(
      (result) => {
        login(result);
        if (current) void navigate(postLoginPath(result.role, location.state), { replace: true });
      },
      () => {
        if (current) void navigate(FAILED, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [code, login, navigate, location.state]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950">
      <FullPageSpinner label={t('auth.callback.message')} />
    </div>
  );
}
