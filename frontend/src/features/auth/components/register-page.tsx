import { LIMITS, registerSchema, TIMINGS } from '@papan/shared';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { anyRequired, fieldIssues, firstIssueText } from '../../../lib/field-issues';
import { mailLanguage } from '../api/mail-language';
import { useRegistrationMode } from '../api/get-registration-mode';
import { registerAccount } from '../api/register';
import { AuthLayout, authLinkClass } from './auth-layout';
import { NewPasswordFields } from './new-password-fields';
import { GoogleSignIn } from './google-sign-in';
import { REGISTRATION_REFUSALS, RegistrationNotice } from './registration-notice';

const emptyForm = { name: '', email: '', password: '', confirmPassword: '' };
type Field = keyof typeof emptyForm;

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // An administrator's invitation link: /register?invite=…&email=… (docs/api.md, "Admin settings").
  const [params] = useSearchParams();
  const inviteToken = params.get('invite') ?? undefined;
  const mode = useRegistrationMode();
  const [form, setForm] = useState(() => ({ ...emptyForm, email: params.get('email') ?? '' }));
  const [status, setStatus] = useState<'idle' | 'loading' | 'success'>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => void navigate('/login'), TIMINGS.registerRedirectMs);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  /** Every field filled, the passwords equal, and the request valid as the server checks it. */
  function validate(): string | null {
    const { name, email, password, confirmPassword } = form;
    const issues = fieldIssues(registerSchema, { name, email, password });
    if (anyRequired(issues) || !confirmPassword) return t('auth.register.errors.required');
    if (password !== confirmPassword) return t('auth.register.errors.mismatch');
    const labels = {
      name: t('auth.register.fullName'),
      email: t('auth.register.email'),
      password: t('auth.register.password'),
    };
    return firstIssueText(issues, labels, t);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    const invalid = validate();
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setStatus('loading');
    try {
      await registerAccount({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        language: mailLanguage(i18n.resolvedLanguage),
        inviteToken,
      });
      setStatus('success');
    } catch (err) {
      setError(refusalText(err) ?? serverMessage(err) ?? t('auth.register.errors.failed'));
      setStatus('idle');
    }
  }

  /** The registration policy's refusal in the reader's language; the domain list as the server says it. */
  function refusalText(err: unknown): string | null {
    const code = err instanceof ApiError ? (err.body as { code?: unknown } | null)?.code : undefined;
    const known = REGISTRATION_REFUSALS.find((refusal) => refusal === code);
    if (!known || known === 'registration_domain_refused') return null;
    return t(
      known === 'registration_closed' ? 'auth.register.policy.closed' : 'auth.register.policy.inviteOnly',
    );
  }

  // Closed, and no invitation in hand: nothing to fill in.
  const closed = mode === 'closed' && !inviteToken;

  const footer = (
    <>
      {t('auth.register.haveAccount')}{' '}
      <Link to="/login" state={location.state} className={authLinkClass}>
        {t('auth.register.loginLink')}
      </Link>
    </>
  );

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} footer={footer}>
      <RegistrationNotice mode={mode} invited={!!inviteToken} />
      {!closed && <GoogleSignIn />}
      <form
        hidden={closed}
        onSubmit={(event) => void handleSubmit(event)}
        className={`${closed ? 'hidden' : 'flex'} flex-col gap-4`}
      >
        {error && <Alert tone="error">{error}</Alert>}
        {status === 'success' && (
          <Alert tone="success">
            {t('auth.register.success')}{' '}
            <span className="mt-1 block">
              <Trans
                i18nKey="auth.register.verifySent"
                values={{ email: form.email.trim() }}
                components={{ b: <strong className="font-semibold" /> }}
              />
            </span>
          </Alert>
        )}
        <TextField
          label={t('auth.register.fullName')}
          name="name"
          autoComplete="name"
          placeholder={t('auth.register.fullNamePlaceholder')}
          required
          maxLength={LIMITS.name}
          value={form.name}
          onChange={update('name')}
        />
        <TextField
          label={t('auth.register.email')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('auth.register.emailPlaceholder')}
          required
          maxLength={LIMITS.email}
          value={form.email}
          onChange={update('email')}
        />
        <NewPasswordFields
          labels={{
            password: t('auth.register.password'),
            confirmPassword: t('auth.register.confirmPassword'),
          }}
          values={form}
          onChange={update}
        />
        <Button
          type="submit"
          size="lg"
          className="mt-2 w-full"
          disabled={status !== 'idle'}
          loading={status === 'loading'}
        >
          {status === 'loading' ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
