import { Injectable } from '@nestjs/common';
import type { SearchResults } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { SearchRepository } from './search.repository';

/** At most this many words are looked for; the rest of a long query is left out. */
const MAX_WORDS = 10;

/**
 * The words of a query as a tsquery of prefixes ("rel not" → "rel:* & not:*"): letters and digits
 * only, so nothing a person types can change the query's meaning; null when no word is left.
 */
export function prefixQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** Cards by title and description across the caller's boards (docs/api.md, "Search"). */
@Injectable()
export class SearchService {
  constructor(private readonly search: SearchRepository) {}

  async find(user: AuthUser, text: string): Promise<SearchResults> {
    const query = prefixQuery(text);
    if (!query) return { results: [] };
    // An API token limited to some boards never finds a card outside them (docs/api.md,
    // "What a token may call").
    return { results: await this.search.find(user.id, query, user.token?.boardIds ?? null) };
  }
}
