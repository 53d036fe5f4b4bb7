import type { LoginSession } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERIES } from './query-keys';

/** GET /api/sessions (docs/api.md, "GET /api/sessions"): read as an array, or one wrapped in `data`. */
export async function getSessions(signal?: AbortSignal): Promise<LoginSession[]> {
  const answer = await api.get<LoginSession[] | { data: LoginSession[] }>('/api/sessions', { signal });
  return Array.isArray(answer) ? answer : (answer?.data ?? []);
}

export function useSessions() {
  return useQuery({ queryKey: SETTINGS_QUERIES.sessions, queryFn: ({ signal }) => getSessions(signal) });
}
