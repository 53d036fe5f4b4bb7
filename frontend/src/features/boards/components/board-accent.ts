const ACCENTS = [
  'from-indigo-500 to-sky-400',
  'from-violet-500 to-fuchsia-400',
  'from-emerald-500 to-teal-400',
  'from-amber-500 to-orange-400',
  'from-rose-500 to-pink-400',
  'from-cyan-500 to-blue-400',
];

/** A colour band that stays the same for a board, so cards are told apart at a glance. */
export function boardAccent(boardId: string): string {
  let hash = 0;
  for (const char of boardId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return ACCENTS[hash % ACCENTS.length];
}
