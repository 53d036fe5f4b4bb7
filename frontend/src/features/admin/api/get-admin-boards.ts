import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { ADMIN_QUERIES } from './query-keys';
import type { AdminBoard } from './types';

/** GET /api/admin/boards: every board with its owner's name and e-mail, newest first. */
export function getAdminBoards(signal?: AbortSignal): Promise<AdminBoard[]> {
  return api.get<AdminBoard[]>('/api/admin/boards', { signal });
}

export function useAdminBoards() {
  return useQuery(ADMIN_QUERIES.boards, getAdminBoards);
}
