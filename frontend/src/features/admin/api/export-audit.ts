import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { auditQueryString, type AuditFilters } from './get-audit';

/**
 * GET /api/admin/audit/export (NDJSON) with the page's filters, saved as a file. The call needs the
 * Authorization header, so it is fetched and handed to the browser as a blob download.
 */
export async function downloadAuditExport(filters: AuditFilters): Promise<void> {
  const token = useSession.getState().session?.token;
  const query = auditQueryString(filters);
  const res = await fetch(`/api/admin/audit/export${query ? `?${query}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? `HTTP ${res.status}`, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'papan-audit.ndjson';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
