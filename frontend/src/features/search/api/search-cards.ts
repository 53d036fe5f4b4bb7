import type { SearchResults } from '@papan/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/search?q=: cards of the caller's boards whose title or description has the words. */
export function searchCards(q: string, signal?: AbortSignal): Promise<SearchResults> {
  return api.get<SearchResults>(`/api/search?q=${encodeURIComponent(q)}`, { signal });
}

/** The search as the box is typed in: asks once there are two characters, keeps the last answer shown. */
export function useCardSearch(q: string) {
  const words = q.trim();
  return useQuery({
    queryKey: ['search', words],
    queryFn: ({ signal }) => searchCards(words, signal),
    enabled: words.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
