import { changePasswordSchema, LIMITS } from '@papan/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage } from '../../../lib/api-client';
import { anyRequired, fieldIssues, firstIssueText } from '../../../lib/field-issues';
import { changePassword } from '../api/change-password';

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof typeof emptyForm;
type Message = { tone: 'success' | 'error'; text: string };

/**
 * All three fields required, the new ones equal, and the request valid as the server checks it
 * (docs/product.md, "Validation").
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form, setForm] = useState(emptyForm);
  const [signOutEverywhere, setSignOutEverywhere] = useState(true);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function validate(): string | null {
    const { currentPassword, newPassword, confirmPassword } = form;
    const issues = fieldIssues(changePasswordSchema, { currentPassword, newPassword });
    const required = t('settings.security.password.errors.required');
    if (anyRequired(issues) || !confirmPassword) return required;
    if (newPassword !== confirmPassword) return t('settings.security.password.errors.mismatch');
    const labels = {
      currentPassword: t('settings.security.password.current'),
      newPassword: t('settings.security.password.new'),
    };
    return firstIssueText(issues, labels, t, {
      required,
      tooShort: (count) => t('settings.security.password.errors.tooShort', { count }),
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const invalid = validate();
    if (invalid) {
      setMessage({ tone: 'error', text: invalid });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      await changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
        signOutEverywhere,
      });
      const text = t('settings.security.password.success');
      setMessage({ tone: 'success', text });
      toast.success(text);
      setForm(emptyForm);
    } catch (err) {
      const text = serverMessage(err) ?? t('settings.security.password.errors.failed');
      setMessage({ tone: 'error', text });
      toast.error(text);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Field, autoComplete: string) => ({
    name,
    type: 'password',
    autoComplete,
    required: true,
    maxLength: LIMITS.password,
    value: form[name],
    onChange: update(name),
  });

  return (
    // noValidate: the form's own messages (docs/product.md, "Validation") replace the browser's bubbles.
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex max-w-md flex-col gap-4">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <TextField
        label={t('settings.security.password.current')}
        {...field('currentPassword', 'current-password')}
      />
      <TextField label={t('settings.security.password.new')} {...field('newPassword', 'new-password')} />
      <TextField
        label={t('settings.security.password.confirm')}
        {...field('confirmPassword', 'new-password')}
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={signOutEverywhere}
          onChange={(event) => setSignOutEverywhere(event.target.checked)}
        />
        <span>
          {t('settings.security.password.signOutEverywhere')}
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {t('settings.security.password.signOutEverywhereHint')}
          </span>
        </span>
      </label>
      <Button type="submit" className="self-start" disabled={saving} loading={saving}>
        {saving ? t('settings.security.password.saving') : t('settings.security.password.submit')}
      </Button>
    </form>
  );
}
