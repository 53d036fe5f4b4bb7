import type { User } from '@papan/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { InlineSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { getCurrentUser } from '../api/get-current-user';
import { verifyEmailOnce } from '../api/verify-email';
import { AuthLayout } from './auth-layout';
import { AuthOutcome } from './auth-outcome';

type Result = 'verifying' | 'verified' | 'already' | 'failed' | 'unavailable';

/** The signed-in session takes the server's fresh copy of its own user (the banner goes away). */
function refreshSessionUser(user: User): void {
  const { session, updateUser } = useSession.getState();
  if (session?._id === user._id) updateUser(user);
}

/** A refused link may be one already used by this very user: then say so rather than "failed". */
async function alreadyVerified(): Promise<boolean> {
  if (!useSession.getState().session) return false;
  try {
    const user = await getCurrentUser();
    refreshSessionUser(user);
    return user.emailVerified;
  } catch {
    return false;
  }
}

/**
 * /verify-email?token=… (docs/product.md, "Sign-in and registration"): verifies the address once on
 * arrival and says how it went.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSession((state) => state.session !== null);
  const [result, setResult] = useState<Result>(token ? 'verifying' : 'failed');

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyEmailOnce(token).then(
      ({ user }) => {
        refreshSessionUser(user);
        if (current) setResult('verified');
      },
      async (error: unknown) => {
        // Only a 400 means the link itself is bad; anything else may work after a reload.
        const refused = error instanceof ApiError && error.status === 400;
        const already = refused && (await alreadyVerified());
        if (current) setResult(already ? 'already' : refused ? 'failed' : 'unavailable');
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const next = signedIn
    ? { to: '/', link: t('auth.verify.continue') }
    : { to: '/login', link: t('auth.verify.login') };

  return (
    <AuthLayout title={t('auth.verify.title')} subtitle={t('auth.verify.subtitle')}>
      {result === 'verifying' && <InlineSpinner label={t('auth.verify.verifying')} />}
      {result === 'verified' && <AuthOutcome tone="success" text={t('auth.verify.success')} {...next} />}
      {result === 'already' && (
        <AuthOutcome tone="success" text={t('auth.verify.alreadyVerified')} {...next} />
      )}
      {result === 'failed' && (
        <AuthOutcome
          tone="error"
          text={t('auth.verify.failed')}
          hint={signedIn ? t('auth.verify.failedHint') : t('auth.verify.loginHint')}
          {...next}
        />
      )}
      {result === 'unavailable' && <AuthOutcome tone="error" text={t('auth.verify.unavailable')} {...next} />}
    </AuthLayout>
  );
}
