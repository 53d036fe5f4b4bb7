import { REGISTRATION_MODES, type InstanceSettings } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea-field';
import { SelectField } from '../../../components/ui/select-field';
import { serverMessage } from '../../../lib/api-client';
import { saveAdminSettings, useAdminSettings } from '../api/admin-settings';
import { ADMIN_QUERIES } from '../api/query-keys';
import { InviteForm } from './invite-form';
import { fromForm, toForm, type SettingsForm } from './settings-form';

const radio = 'size-4 accent-indigo-600';

/** /admin/settings (docs/product.md, "Administrator area"): who may register, the announcement, 2FA. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  const [saved, setSaved] = useState(false);
  if (settings.error && !settings.data) return <Alert tone="error">{t('admin.settings.loadError')}</Alert>;
  if (!settings.data) return <FullPageSpinner label={t('common.loading')} />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('admin.settings.title')} description={t('admin.settings.description')} />
      {saved && <Alert tone="success">{t('admin.settings.saved')}</Alert>}
      {/* Keyed by version: a saved change starts the form from what the server stored. */}
      <SettingsEditor
        key={settings.data.version}
        settings={settings.data}
        onSaving={() => setSaved(false)}
        onSaved={() => setSaved(true)}
      />
      <Panel title={t('admin.settings.invite.title')} description={t('admin.settings.invite.description')}>
        <InviteForm />
      </Panel>
    </div>
  );
}

interface EditorProps {
  settings: InstanceSettings;
  onSaving: () => void;
  onSaved: () => void;
}

function SettingsEditor({ settings, onSaving, onSaved }: EditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SettingsForm>(() => toForm(settings));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error'; text: string } | null>(null);
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = fromForm(form);
    if ('problem' in checked) {
      setMessage({ tone: 'error', text: t(`admin.settings.problems.${checked.problem ?? 'domains'}`) });
      return;
    }
    setBusy(true);
    setMessage(null);
    onSaving();
    try {
      const saved = await saveAdminSettings(checked.input);
      onSaved();
      // Remounts this editor (keyed by version) from the stored settings.
      queryClient.setQueryData(ADMIN_QUERIES.settings, saved);
    } catch (error) {
      setMessage({ tone: 'error', text: serverMessage(error) ?? t('admin.settings.saveFailed') });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6" noValidate>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Panel title={t('admin.settings.registration.title')}>
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('admin.settings.registration.title')}</legend>
          {REGISTRATION_MODES.map((mode) => (
            <label key={mode} className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name="registration"
                value={mode}
                className={`${radio} mt-0.5`}
                checked={form.registration === mode}
                onChange={() => set('registration', mode)}
              />
              <span>
                <span className="font-medium">{t(`admin.settings.registration.${mode}`)}</span>
                <span className="block text-slate-600 dark:text-slate-400">
                  {t(`admin.settings.registration.${mode}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <TextareaField
          className="mt-5"
          label={t('admin.settings.domains')}
          placeholder="campus.ac.id"
          rows={3}
          value={form.domains}
          onChange={(event) => set('domains', event.target.value)}
        />
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{t('admin.settings.domainsHint')}</p>
      </Panel>
      <Panel
        title={t('admin.settings.announcement.title')}
        description={t('admin.settings.announcement.hint')}
      >
        <div className="flex flex-col gap-4">
          <TextareaField
            label={t('admin.settings.announcement.text')}
            rows={2}
            value={form.announcementText}
            onChange={(event) => set('announcementText', event.target.value)}
          />
          <SelectField
            label={t('admin.settings.announcement.level')}
            value={form.announcementLevel}
            onChange={(event) =>
              set('announcementLevel', event.target.value as SettingsForm['announcementLevel'])
            }
            options={[
              { value: 'info', label: t('admin.settings.announcement.info') },
              { value: 'warning', label: t('admin.settings.announcement.warning') },
            ]}
          />
        </div>
      </Panel>
      <Panel title={t('admin.settings.security.title')}>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className={`${radio} mt-0.5`}
            checked={form.requireTwoFactorForAdmins}
            onChange={(event) => set('requireTwoFactorForAdmins', event.target.checked)}
          />
          <span>
            <span className="font-medium">{t('admin.settings.security.requireTwoFactor')}</span>
            <span className="block text-slate-600 dark:text-slate-400">
              {t('admin.settings.security.requireTwoFactorHint')}
            </span>
          </span>
        </label>
      </Panel>
      <Button type="submit" className="self-start" loading={busy} disabled={busy}>
        {t('admin.settings.save')}
      </Button>
    </form>
  );
}
