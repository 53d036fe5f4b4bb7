import { contactSchema, LIMITS, TIMINGS } from '@papan/shared';
import { LifeBuoy, Mail } from 'lucide-react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { anyRequired, fieldIssues, firstIssueText } from '../../../lib/field-issues';
import { useSession } from '../../../lib/session';
import { sendContactMessage } from '../api/send-contact-message';

type Status = 'idle' | 'sending' | 'success' | 'error';

/**
 * /contact-support (docs/product.md, "States and transitions"): idle → sending → success or error →
 * idle after 2 seconds.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const session = useSession((state) => state.session);
  const [form, setForm] = useState(() => ({
    name: session?.name ?? '',
    email: session?.email ?? '',
    message: '',
  }));
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = setTimeout(() => setStatus('idle'), TIMINGS.contactResetMs);
    return () => clearTimeout(timer);
  }, [status]);

  const update = (field: keyof typeof form) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  /** The browser checks for empty fields; the server's rules also refuse a blank message or a bad address. */
  function validate(): string | null {
    const issues = fieldIssues(contactSchema, form);
    if (anyRequired(issues)) return t('contact.errors.required');
    const labels = { name: t('contact.name'), email: t('contact.email'), message: t('contact.message') };
    return firstIssueText(issues, labels, t);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const invalid = validate();
    setError(invalid);
    if (invalid) return;
    setStatus('sending');
    try {
      await sendContactMessage({
        name: form.name.trim(),
        email: form.email.trim(),
        message: form.message.trim(),
      });
      setStatus('success');
      toast.success(t('contact.success'));
      setForm((current) => ({ ...current, message: '' }));
    } catch (err) {
      console.error('Failed to send the contact message', err);
      setStatus('error');
      toast.error(t('contact.failed'));
    }
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-5">
      <div className="lg:col-span-2">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <LifeBuoy aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight">{t('contact.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t('contact.description')}</p>
        <p className="mt-6 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Mail aria-hidden="true" className="size-4" />
          {t('contact.responseTime')}
        </p>
      </div>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-3 dark:border-slate-800 dark:bg-slate-900"
      >
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label={t('contact.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          value={form.name}
          onChange={update('name')}
        />
        <TextField
          label={t('contact.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.email}
          value={form.email}
          onChange={update('email')}
        />
        <TextareaField
          label={t('contact.message')}
          name="message"
          required
          rows={6}
          maxLength={LIMITS.message}
          value={form.message}
          onChange={update('message')}
        />
        <Button
          type="submit"
          size="lg"
          className="mt-2"
          variant={status === 'error' ? 'danger' : 'primary'}
          disabled={status !== 'idle'}
          loading={status === 'sending'}
        >
          {t(`contact.status.${status}`)}
        </Button>
      </form>
    </div>
  );
}
