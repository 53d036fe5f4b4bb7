import { loginSchema } from '@papan/shared';
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

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const login = useSession((state) => state.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A refused Google sign-in ends here as /login?error=google_… with its reason.
  const [error, setError] = useState<string | null>(() => {
    const googleError = googleErrorOf(params);
    return googleError ? t(`auth.google.errors.${googleError}`) : null;
  });
  const [loading, setLoading] = useState(false);

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
      login(result);
      await navigate(postLoginPath(result.role, location.state), { replace: true });
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

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} footer={footer}>
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
