import { emailSchema, LIMITS } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage } from '../../../lib/api-client';
import { inviteByEmail } from '../api/admin-settings';

/** Invite by e-mail: the address gets a sign-up link that works whatever the registration policy. */
export function InviteForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setMessage({ tone: 'error', text: t('admin.settings.invite.invalid') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await inviteByEmail({ email: parsed.data, language: i18n.resolvedLanguage === 'id' ? 'id' : 'en' });
      setMessage({ tone: 'ok', text: t('admin.settings.invite.sent', { email: parsed.data }) });
      setEmail('');
    } catch (error) {
      setMessage({ tone: 'error', text: serverMessage(error) ?? t('admin.settings.invite.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={t('admin.settings.invite.email')}
          type="email"
          autoComplete="off"
          maxLength={LIMITS.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" loading={busy} disabled={busy}>
          {t('admin.settings.invite.send')}
        </Button>
      </div>
      <p
        role="status"
        className={`text-sm ${message?.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
      >
        {message?.text}
      </p>
    </form>
  );
}
