import { totpCodeSchema, type TwoFactorSetup as Setup } from '@papan/shared';
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage } from '../../../lib/api-client';
import { enableTwoFactor } from '../api/two-factor';

interface TwoFactorSetupProps {
  setup: Setup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The secret as a QR code and as text, and the first code that turns two-factor sign-in on. */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    // Drawn in the browser: the secret never goes to a QR service.
    void toDataURL(setup.otpauthUrl, { margin: 1, width: 192, errorCorrectionLevel: 'M' }).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [setup.otpauthUrl]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(t('settings.twoFactor.errors.codeFormat'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onEnabled((await enableTwoFactor(parsed.data)).recoveryCodes);
    } catch (err) {
      const message = serverMessage(err);
      setError(
        message?.startsWith('code:')
          ? t('settings.twoFactor.errors.wrong')
          : (message ?? t('settings.twoFactor.errors.failed')),
      );
      setSaving(false);
    }
  }

  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.twoFactor.scan')}</p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {/* A white square in both themes: authenticator apps read dark modules on light. */}
        <div className="size-[200px] shrink-0 rounded-lg bg-white p-1">
          {qr && (
            <img
              src={qr}
              width={192}
              height={192}
              alt={t('settings.twoFactor.qrAlt')}
              data-testid="two-factor-qr"
            />
          )}
        </div>
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.twoFactor.manual')}</p>
          <code
            data-testid="two-factor-secret"
            className="mt-1 block rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 dark:bg-slate-950 dark:text-slate-100"
          >
            {grouped}
          </code>
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={t('settings.twoFactor.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving} loading={saving}>
          {t('settings.twoFactor.turnOn')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('settings.twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
