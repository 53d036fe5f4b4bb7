import { z } from 'zod';

/** `GET /api/search?q=` (docs/api.md, "Search"): words to find in card titles and descriptions. */
export const searchQuerySchema = z.object({
  q: z.string('must be text').trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One card found, with where it is. */
export interface SearchResult {
  card: { _id: string; title: string };
  list: { _id: string; title: string };
  board: { _id: string; title: string };
}

/** The answer: best first, at most SEARCH_LIMIT. */
export interface SearchResults {
  results: SearchResult[];
}

export const SEARCH_LIMIT = 50;
