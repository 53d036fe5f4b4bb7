import type { AdminApiToken, AdminApiTokenList } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

/**
 * GET /api/admin/tokens: every personal API token with its owner, no secrets (docs/api.md,
 * "Personal API tokens").
 */
export async function getAdminTokens(signal?: AbortSignal): Promise<AdminApiToken[]> {
  return (await api.get<AdminApiTokenList>('/api/admin/tokens', { signal })).tokens;
}

export function useAdminTokens() {
  return useQuery({ queryKey: ADMIN_QUERIES.tokens, queryFn: ({ signal }) => getAdminTokens(signal) });
}

/** DELETE /api/admin/tokens/{id}: the token stops working at once. */
export function revokeAdminToken(id: string): Promise<unknown> {
  return api.delete(`/api/admin/tokens/${encodeURIComponent(id)}`);
}
