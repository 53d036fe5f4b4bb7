import { LIMITS, TIMINGS } from '@papan/shared';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage } from '../../../lib/api-client';
import { registerAccount } from '../api/register';
import { AuthLayout, authLinkClass } from './auth-layout';
import { GoogleSignIn } from './google-sign-in';

const emptyForm = { name: '', email: '', password: '', confirmPassword: '' };
type Field = keyof typeof emptyForm;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState(emptyForm);
  const [status, setStatus] = useState<'idle' | 'loading' | 'success'>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => void navigate('/login'), TIMINGS.registerRedirectMs);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    if (!form.name.trim() || !form.email.trim() || !form.password || !form.confirmPassword) {
      setError(t('auth.register.errors.required'));
      return;
    }
    if (form.password !== form.confirmPassword) {
      setError(t('auth.register.errors.mismatch'));
      return;
    }
    setError(null);
    setStatus('loading');
    try {
      await registerAccount({ name: form.name.trim(), email: form.email.trim(), password: form.password });
      setStatus('success');
    } catch (err) {
      setError(serverMessage(err) ?? t('auth.register.errors.failed'));
      setStatus('idle');
    }
  }

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
      <GoogleSignIn />
      <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        {status === 'success' && <Alert tone="success">{t('auth.register.success')}</Alert>}
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
        <TextField
          label={t('auth.register.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          hint={t('auth.register.passwordHint', { count: LIMITS.minPasswordLength })}
          required
          minLength={LIMITS.minPasswordLength}
          maxLength={LIMITS.password}
          value={form.password}
          onChange={update('password')}
        />
        <TextField
          label={t('auth.register.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          maxLength={LIMITS.password}
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
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
