import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCopy } from '../../../lib/use-copy';

/** The ten recovery codes, shown once just after two-factor sign-in was turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const { copied, copy } = useCopy(text, t('settings.twoFactor.copyFailed'));

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'papan-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">{t('settings.twoFactor.enabled')}</Alert>
      <div>
        <h3 className="font-medium">{t('settings.twoFactor.recoveryTitle')}</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('settings.twoFactor.recoveryHint')}
        </p>
      </div>
      <ul
        aria-label={t('settings.twoFactor.recoveryTitle')}
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('settings.twoFactor.copied') : t('settings.twoFactor.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('settings.twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('settings.twoFactor.done')}</Button>
      </div>
    </div>
  );
}
