import { resetPasswordSchema } from '@papan/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { fieldIssues, firstIssueText } from '../../../lib/field-issues';
import { useSession } from '../../../lib/session';
import { resetPassword } from '../api/reset-password';
import { AuthLayout, authLinkClass } from './auth-layout';
import { NewPasswordFields } from './new-password-fields';
import { AuthOutcome } from './auth-outcome';

const emptyForm = { password: '', confirmPassword: '' };
type Field = keyof typeof emptyForm;
type Status = 'idle' | 'saving' | 'done' | 'invalid';

/**
 * /reset-password?token=… (docs/product.md, "Sign-in and registration"): a new password from the
 * e-mailed link, which works once for an hour.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const logout = useSession((state) => state.logout);
  const [form, setForm] = useState(emptyForm);
  const [status, setStatus] = useState<Status>(token ? 'idle' : 'invalid');
  const [error, setError] = useState<string | null>(null);

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  /** Both fields filled, equal, and the request valid as the server checks it. */
  function validate(): string | null {
    const { password, confirmPassword } = form;
    const issues = fieldIssues(resetPasswordSchema, { token, password });
    if (issues.password?.kind === 'required' || !confirmPassword) return t('auth.reset.errors.required');
    if (password !== confirmPassword) return t('auth.reset.errors.mismatch');
    return firstIssueText(issues, { password: t('auth.reset.password') }, t, {
      tooShort: (count) => t('auth.reset.errors.tooShort', { count }),
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    const invalid = validate();
    setError(invalid);
    if (invalid) return;
    setStatus('saving');
    try {
      await resetPassword({ token, password: form.password });
      // The server ended every login session of the account, this browser's included.
      logout();
      setStatus('done');
    } catch (err) {
      const expired = err instanceof ApiError && err.status === 400;
      if (!expired) setError(t('auth.reset.errors.failed'));
      setStatus(expired ? 'invalid' : 'idle');
    }
  }

  const footer = (
    <Link to="/login" className={authLinkClass}>
      {t('auth.forgot.backToLogin')}
    </Link>
  );

  return (
    // Once done, the page's one link is the way to log in; no second one below it.
    <AuthLayout
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={status === 'done' ? null : footer}
    >
      {status === 'invalid' && (
        <AuthOutcome
          tone="error"
          text={t('auth.reset.invalid')}
          to="/forgot-password"
          link={t('auth.reset.requestNew')}
        />
      )}
      {status === 'done' && (
        <AuthOutcome
          tone="success"
          text={t('auth.reset.success')}
          to="/login"
          link={t('auth.reset.loginLink')}
        />
      )}
      {(status === 'idle' || status === 'saving') && (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
          {error && <Alert tone="error">{error}</Alert>}
          <NewPasswordFields
            labels={{ password: t('auth.reset.password'), confirmPassword: t('auth.reset.confirmPassword') }}
            values={form}
            onChange={update}
          />
          <Button
            type="submit"
            size="lg"
            className="mt-2 w-full"
            disabled={status === 'saving'}
            loading={status === 'saving'}
          >
            {status === 'saving' ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
