/** Someone a comment can mention: a member (or the owner) of the card's board. */
export interface Mentionable {
  _id: string;
  name: string;
}

/** One `@Name` in a text: where it sits (`start` at the `@`, `end` after the name) and whom it names. */
export interface Mention {
  start: number;
  end: number;
  userId: string;
}

const WORD = /[\p{L}\p{N}_]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD.test(char);

/**
 * The mentions in a text (docs/api.md, "Activities and notifications"): `@` followed by a person's
 * name, case-insensitive, the longest name that matches (names may hold spaces). The `@` may not
 * follow a letter or digit (an e-mail address is no mention) and the name may not run on into one
 * (`@Annabel` is not Ann).
 */
export function findMentions(text: string, people: readonly Mentionable[]): Mention[] {
  const candidates = people
    .map((person) => ({ userId: person._id, name: person.name.trim().toLowerCase() }))
    .filter((person) => person.name.length > 0)
    .sort((a, b) => b.name.length - a.name.length);
  const found: Mention[] = [];
  if (candidates.length === 0) return found;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (isWordChar(text[at - 1])) continue;
    const start = at + 1;
    const match = candidates.find(
      ({ name }) =>
        text.slice(start, start + name.length).toLowerCase() === name &&
        !isWordChar(text[start + name.length]),
    );
    if (!match) continue;
    found.push({ start: at, end: start + match.name.length, userId: match.userId });
    at = start + match.name.length - 1;
  }
  return found;
}

/** Whom a text mentions, each once, in the order first mentioned. */
export function mentionedIds(text: string, people: readonly Mentionable[]): string[] {
  return [...new Set(findMentions(text, people).map((mention) => mention.userId))];
}
