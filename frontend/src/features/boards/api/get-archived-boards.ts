import type { BoardSummary } from '@papan/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { BOARD_QUERIES } from './query-keys';

/** GET /api/boards/archived: only archived boards. */
export function getArchivedBoards(signal?: AbortSignal): Promise<BoardSummary[]> {
  return api.get<BoardSummary[]>('/api/boards/archived', { signal });
}

export function useArchivedBoards() {
  return useQuery(BOARD_QUERIES.archived, getArchivedBoards);
}
