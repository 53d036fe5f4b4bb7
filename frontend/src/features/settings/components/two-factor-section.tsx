import type { TwoFactorSetup as Setup } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { SETTINGS_QUERIES } from '../api/query-keys';
import { setupTwoFactor, useAccount } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { TwoFactorSetup } from './two-factor-setup';

/**
 * Settings › Security › Two-factor sign-in (docs/product.md, "Settings"): set up (QR code and
 * secret), confirm with a code, the recovery codes once, and turning it off.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useAccount();
  const needsPassword = useSession((state) => state.session?.provider === 'local');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERIES.account });

  async function start() {
    setStarting(true);
    try {
      setSetup(await setupTwoFactor());
    } catch (err) {
      toast.error(serverMessage(err) ?? t('settings.twoFactor.errors.failed'));
    } finally {
      setStarting(false);
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void refresh();
        }}
      />
    );
  }
  if (setup) {
    return (
      <TwoFactorSetup
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          void refresh();
        }}
      />
    );
  }
  if (account.isPending) return <Spinner />;
  if (account.data?.twoFactorEnabled) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
          {t('settings.twoFactor.on')}
        </p>
        <TwoFactorDisableForm
          needsPassword={needsPassword}
          onDisabled={() => {
            toast.success(t('settings.twoFactor.disabled'));
            void refresh();
          }}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.twoFactor.off')}</p>
      <Button onClick={() => void start()} disabled={starting} loading={starting}>
        {t('settings.twoFactor.setUp')}
      </Button>
    </div>
  );
}
