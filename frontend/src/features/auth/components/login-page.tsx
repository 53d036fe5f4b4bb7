import { isTwoFactorRequired, loginSchema, type LoginResult } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage } from '../../../lib/api-client';
import { anyRequired, fieldIssues, firstIssueText } from '../../../lib/field-issues';
import { postLoginPath } from '../../../lib/auth-redirect';
import { useSession } from '../../../lib/session';
import { loginWithPassword } from '../api/login';
import { AuthLayout, authLinkClass } from './auth-layout';
import { googleErrorOf, GoogleSignIn } from './google-sign-in';
import { oidcErrorOf } from './sso-button';
import { TwoFactorStep } from './two-factor-step';

/** A sign-in that needs its second factor arrives with its challenge in the history state. */
function challengeOf(state: unknown): string | null {
  const challenge = (state as { twoFactorChallenge?: unknown } | null)?.twoFactorChallenge;
  return typeof challenge === 'string' && challenge ? challenge : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const login = useSession((state) => state.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A refused Google sign-in or single sign-on ends here as /login?error=… with its reason.
  const [error, setError] = useState<string | null>(() => {
    const googleError = googleErrorOf(params);
    const oidcError = oidcErrorOf(params);
    if (googleError) return t(`auth.google.errors.${googleError}`);
    return oidcError && oidcError !== 'oidc_link_pending' ? t(`auth.sso.errors.${oidcError}`) : null;
  });
  // Single sign-on met this account: signing in with the password links it (docs/api.md, "Single sign-on").
  const linkPending = oidcErrorOf(params) === 'oidc_link_pending';
  const [challenge, setChallenge] = useState<string | null>(() => challengeOf(location.state));
  // The Google popup hands a challenge over while this page is open: take it as it arrives.
  const arrived = challengeOf(location.state);
  const [seen, setSeen] = useState(arrived);
  if (arrived !== seen) {
    setSeen(arrived);
    if (arrived) setChallenge(arrived);
  }
  const [loading, setLoading] = useState(false);

  function signedIn(result: LoginResult) {
    login(result);
    void navigate(postLoginPath(result.role, location.state), { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const issues = fieldIssues(loginSchema, { email, password });
    const empty = t('auth.login.errors.empty');
    const invalid = anyRequired(issues)
      ? empty
      : firstIssueText(issues, { email: t('auth.login.email'), password: t('auth.login.password') }, t);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setLoading(true);
    try {
      const result = await loginWithPassword({ email: email.trim(), password });
      if (isTwoFactorRequired(result)) {
        setChallenge(result.challenge);
        setPassword('');
        setLoading(false);
        return;
      }
      signedIn(result);
    } catch (err) {
      setError(serverMessage(err, 'msg') ?? t('auth.login.errors.failed'));
      setLoading(false);
    }
  }

  const footer = (
    <>
      {t('auth.login.noAccount')}{' '}
      <Link to="/register" state={location.state} className={authLinkClass}>
        {t('auth.login.registerLink')}
      </Link>
    </>
  );

  if (challenge) {
    return (
      <AuthLayout title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.subtitle')} footer={footer}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={signedIn}
          onRestart={() => {
            setChallenge(null);
            setError(null);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} footer={footer}>
      {linkPending && (
        <div className="mb-4">
          <Alert tone="info">{t('auth.sso.linkPending')}</Alert>
        </div>
      )}
      <GoogleSignIn />
      {/*
       * noValidate: the page's own message for empty fields (docs/product.md, "Validation") replaces
       * the browser's bubble.
       */}
      <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label={t('auth.login.email')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('auth.login.emailPlaceholder')}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={t('auth.login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link to="/forgot-password" className={`-mt-2 self-end text-sm ${authLinkClass}`}>
          {t('auth.login.forgotPassword')}
        </Link>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={loading} loading={loading}>
          {loading ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
