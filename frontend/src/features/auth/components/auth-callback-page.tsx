import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';

/** /auth/callback?token=… (SPEC §2): the Google sign-in lands here with a token, or without one. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginWithToken = useSession((state) => state.loginWithToken);
  const token = params.get('token');

  useEffect(() => {
    const signedIn = token ? loginWithToken(token) : false;
    void navigate(signedIn ? '/' : '/login', { replace: true });
  }, [token, loginWithToken, navigate]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950">
      <FullPageSpinner label={t('auth.callback.message')} />
    </div>
  );
}
