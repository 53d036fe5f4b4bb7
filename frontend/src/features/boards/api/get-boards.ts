import type { BoardSummary } from '@papan/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { BOARD_QUERIES } from './query-keys';

/** GET /api/boards: the caller's active boards, pinned first. */
export function getBoards(signal?: AbortSignal): Promise<BoardSummary[]> {
  return api.get<BoardSummary[]>('/api/boards', { signal });
}

export function useBoards() {
  return useQuery(BOARD_QUERIES.active, getBoards);
}
