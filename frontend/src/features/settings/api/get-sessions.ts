import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import type { LoginSession } from './types';

/** GET /api/sessions: an array, or one wrapped in `data` (SPEC §7). */
export async function getSessions(signal?: AbortSignal): Promise<LoginSession[]> {
  const answer = await api.get<LoginSession[] | { data: LoginSession[] }>('/api/sessions', { signal });
  return Array.isArray(answer) ? answer : (answer?.data ?? []);
}

export function useSessions() {
  return useQuery('sessions', getSessions);
}
