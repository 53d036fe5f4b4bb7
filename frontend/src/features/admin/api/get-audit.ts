import type { AuditPage, AuditQuery } from '@papan/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

/** The filters of the audit page; empty strings mean "any". */
export interface AuditFilters {
  action: string;
  actorId: string;
  /** `YYYY-MM-DD`, the start of that day in the browser's time zone. */
  from: string;
  /** `YYYY-MM-DD`, the end of that day in the browser's time zone. */
  to: string;
}

/** The query string of GET /api/admin/audit for these filters (and the page cursor). */
export function auditQueryString(filters: AuditFilters, before?: number): string {
  const query: Partial<Record<keyof AuditQuery, string>> = {};
  if (filters.action) query.action = filters.action;
  if (filters.actorId.trim()) query.actorId = filters.actorId.trim();
  if (filters.from) query.from = new Date(`${filters.from}T00:00:00`).toISOString();
  if (filters.to) query.to = new Date(`${filters.to}T23:59:59.999`).toISOString();
  if (before !== undefined) query.before = String(before);
  return new URLSearchParams(query).toString();
}

/** GET /api/admin/audit: one page of 100, newest first. */
export function getAuditPage(
  filters: AuditFilters,
  before?: number,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = auditQueryString(filters, before);
  return api.get<AuditPage>(`/api/admin/audit${query ? `?${query}` : ''}`, { signal });
}

/** The pages read so far; `fetchNextPage` reads the next older one. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_QUERIES.audit, filters],
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
