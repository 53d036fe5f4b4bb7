import { forgotPasswordSchema, LIMITS } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldIssues, issueText } from '../../../lib/field-issues';
import { requestPasswordReset } from '../api/forgot-password';
import { mailLanguage } from '../api/mail-language';
import { AuthLayout, authLinkClass } from './auth-layout';
import { tooManyRequestsText } from './too-many-requests';

/**
 * /forgot-password (docs/product.md, "Sign-in and registration"): asks for a reset link; the answer
 * never says whether the address has an account.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const issues = fieldIssues(forgotPasswordSchema, { email });
    const invalid = issueText(issues.email, t('auth.forgot.email'), t, {
      required: t('auth.forgot.errors.required'),
    });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setStatus('sending');
    try {
      await requestPasswordReset({ email: email.trim(), language: mailLanguage(i18n.resolvedLanguage) });
      setStatus('sent');
    } catch (err) {
      setError(tooManyRequestsText(err, t, i18n.resolvedLanguage) ?? t('auth.forgot.errors.failed'));
      setStatus('idle');
    }
  }

  const footer = (
    <>
      {t('auth.forgot.remembered')}{' '}
      <Link to="/login" className={authLinkClass}>
        {t('auth.forgot.backToLogin')}
      </Link>
    </>
  );

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={footer}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        {status === 'sent' && (
          <Alert tone="success">
            {t('auth.forgot.sent')} {t('auth.forgot.sentHint')}
          </Alert>
        )}
        <TextField
          label={t('auth.forgot.email')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('auth.forgot.emailPlaceholder')}
          required
          maxLength={LIMITS.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button
          type="submit"
          size="lg"
          className="mt-2 w-full"
          disabled={status === 'sending'}
          loading={status === 'sending'}
        >
          {status === 'sending' ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
