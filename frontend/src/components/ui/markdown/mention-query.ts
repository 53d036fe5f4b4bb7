import type { Mentionable } from '@papan/shared';

/** Someone to offer after `@`, with the picture shown beside the name. */
export interface Person extends Mentionable {
  avatarUrl?: string | null;
}

/** Longest query looked at: names are at most this long in practice, and spaces are allowed. */
const MAX_QUERY = 50;
const WORD = /[\p{L}\p{N}_]/u;

/** The `@query` being typed just before the caret: where its `@` sits and what follows it. */
export interface MentionQuery {
  at: number;
  query: string;
}

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(Math.max(0, caret - MAX_QUERY - 1), caret);
  const sign = before.lastIndexOf('@');
  if (sign === -1) return null;
  const at = caret - before.length + sign;
  const query = text.slice(at + 1, caret);
  if (/[\n@]/.test(query) || (at > 0 && WORD.test(text[at - 1]))) return null;
  return { at, query };
}

/** The people whose name (or a word of it) starts with the query, at most `limit`. */
export function matchPeople<T extends Mentionable>(people: readonly T[], query: string, limit = 8): T[] {
  const wanted = query.toLowerCase();
  return people
    .filter((person) => {
      const name = person.name.toLowerCase();
      return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, limit);
}
