import type { BoardSummary } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BOARD_QUERIES } from './query-keys';

/** GET /api/boards/archived: only archived boards. */
export function getArchivedBoards(signal?: AbortSignal): Promise<BoardSummary[]> {
  return api.get<BoardSummary[]>('/api/boards/archived', { signal });
}

export function useArchivedBoards() {
  return useQuery({ queryKey: BOARD_QUERIES.archived, queryFn: ({ signal }) => getArchivedBoards(signal) });
}
