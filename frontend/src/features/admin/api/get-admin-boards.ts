import type { AdminBoard } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

/** GET /api/admin/boards: every board with its owner's name and e-mail, newest first. */
export function getAdminBoards(signal?: AbortSignal): Promise<AdminBoard[]> {
  return api.get<AdminBoard[]>('/api/admin/boards', { signal });
}

export function useAdminBoards() {
  return useQuery({ queryKey: ADMIN_QUERIES.boards, queryFn: ({ signal }) => getAdminBoards(signal) });
}
