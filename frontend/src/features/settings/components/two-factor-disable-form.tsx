import { recoveryCodeSchema, totpCodeSchema } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage } from '../../../lib/api-client';
import { disableTwoFactor } from '../api/two-factor';

/**
 * Turning two-factor sign-in off: the password (accounts that have one) and a code, or a recovery
 * code (docs/decisions.md, "Turning two-factor sign-in off").
 */
export function TwoFactorDisableForm({
  needsPassword,
  onDisabled,
}: {
  needsPassword: boolean;
  onDisabled: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(code);
    if ((needsPassword && !password) || !parsed.success) {
      setError(
        t(
          needsPassword && !password
            ? 'settings.twoFactor.errors.password'
            : 'settings.twoFactor.errors.codeFormat',
        ),
      );
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const factor = useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data };
      await disableTwoFactor({ ...(needsPassword ? { password } : {}), ...factor });
      onDisabled();
    } catch (err) {
      const message = serverMessage(err) ?? '';
      setError(
        message.startsWith('password:')
          ? t('settings.twoFactor.errors.wrongPassword')
          : message.startsWith('code:') || message.startsWith('recoveryCode:')
            ? t('settings.twoFactor.errors.wrong')
            : t('settings.twoFactor.errors.failed'),
      );
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.twoFactor.disableHint')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {needsPassword && (
        <TextField
          label={t('settings.twoFactor.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        label={t(useRecovery ? 'settings.twoFactor.recoveryCode' : 'settings.twoFactor.code')}
        name={useRecovery ? 'recoveryCode' : 'code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="off"
        maxLength={useRecovery ? 64 : 12}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="danger" disabled={saving} loading={saving}>
          {t('settings.twoFactor.turnOff')}
        </Button>
        <button
          type="button"
          className="text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          onClick={() => {
            setUseRecovery((v) => !v);
            setCode('');
          }}
        >
          {t(useRecovery ? 'settings.twoFactor.useCode' : 'settings.twoFactor.useRecovery')}
        </button>
      </div>
    </form>
  );
}
