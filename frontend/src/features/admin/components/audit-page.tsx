import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { downloadAuditExport } from '../api/export-audit';
import { useAuditLog, type AuditFilters } from '../api/get-audit';
import { AuditFilterBar } from './audit-filters';
import { AuditTable } from './audit-table';
import { AuditVerify } from './audit-verify';

const NO_FILTERS: AuditFilters = { action: '', actorId: '', from: '', to: '' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/audit (docs/product.md, "Administrator area"): the audit log newest first with filters,
 * Load more, Verify and Export.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(NO_FILTERS);
  // An actor id is sent only once it is a whole id; half-typed, the list stays as it was.
  const applied = { ...filters, actorId: UUID.test(filters.actorId.trim()) ? filters.actorId : '' };
  const log = useAuditLog(applied);
  const [exporting, setExporting] = useState(false);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  async function exportLog() {
    setExporting(true);
    try {
      await downloadAuditExport(applied);
    } catch {
      toast.error(t('admin.audit.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title={t('admin.audit.title')}
        description={t('admin.audit.description')}
        actions={
          <Button
            variant="secondary"
            loading={exporting}
            disabled={exporting}
            onClick={() => void exportLog()}
          >
            {t('admin.audit.export')}
          </Button>
        }
      />
      <AuditVerify />
      <AuditFilterBar filters={filters} onChange={setFilters} />
      {log.error && !log.data && <Alert tone="error">{t('admin.audit.loadError')}</Alert>}
      {!log.data && !log.error && <FullPageSpinner label={t('common.loading')} />}
      {log.data && entries.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.audit.empty')}</p>
      )}
      {entries.length > 0 && <AuditTable entries={entries} />}
      {log.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          loading={log.isFetchingNextPage}
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('admin.audit.loadMore')}
        </Button>
      )}
    </div>
  );
}
