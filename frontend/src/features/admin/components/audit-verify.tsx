import type { AuditVerifyResult } from '@papan/shared';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { verifyAudit } from '../api/verify-audit';

/** The Verify button and what the last check found. */
export function AuditVerify() {
  const { t } = useTranslation();
  const [result, setResult] = useState<AuditVerifyResult | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify() {
    setBusy(true);
    try {
      setResult(await verifyAudit());
    } catch {
      setResult('failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" loading={busy} disabled={busy} onClick={() => void verify()}>
        {t('admin.audit.verify')}
      </Button>
      <p role="status" className="text-sm">
        {result === 'failed' && (
          <span className="text-red-700 dark:text-red-300">{t('admin.audit.verifyFailed')}</span>
        )}
        {result && result !== 'failed' && result.ok && (
          <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-300">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('admin.audit.verifyOk', { count: result.checked })}
          </span>
        )}
        {result && result !== 'failed' && !result.ok && (
          <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-300">
            <ShieldAlert aria-hidden="true" className="size-4" />
            {t('admin.audit.verifyBad', { count: result.checked, id: result.firstBadId })}
          </span>
        )}
      </p>
    </div>
  );
}
