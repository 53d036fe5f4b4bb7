import type { BoardSummary } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BOARD_QUERIES } from './query-keys';

/** GET /api/boards: the caller's active boards, pinned first. */
export function getBoards(signal?: AbortSignal): Promise<BoardSummary[]> {
  return api.get<BoardSummary[]>('/api/boards', { signal });
}

export function useBoards() {
  return useQuery({ queryKey: BOARD_QUERIES.active, queryFn: ({ signal }) => getBoards(signal) });
}
