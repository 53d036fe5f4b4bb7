/**
 * Order of lists and cards: sparse `double precision` positions, rebalanced on the server
 * (docs/decisions.md, "Positions as gap floats"). Defined once here: the server's lists, cards and
 * drag and drop, and the browser's optimistic moves all use it.
 */
export const POSITION_GAP = 1024;
/** Below this gap between neighbours the whole list is renumbered GAP, 2·GAP, … */
export const MIN_POSITION_GAP = 1e-6;

/**
 * A position between two neighbours, as `reposition` places one moved item (midpoint; last + GAP at
 * the end; between 0 and the first at the start; GAP alone). The browser uses it for optimistic
 * moves, so that sorting by position agrees with what the user sees until the server's numbers come.
 */
export function positionBetween(before?: number, after?: number): number {
  if (before !== undefined && after !== undefined) return (before + after) / 2;
  if (before !== undefined) return before + POSITION_GAP;
  if (after !== undefined) return after > 0 ? after / 2 : after - POSITION_GAP;
  return POSITION_GAP;
}

/** Where a new item goes at the end: after the last one, or GAP when there is none. */
export const positionAfter = (last: number | null | undefined): number => (last ?? 0) + POSITION_GAP;

/**
 * New positions for `order` (ids in their new order), given the `current` positions of the ids
 * that already sit in this sequence. Keeps the longest run of ids whose current positions are
 * already increasing and places every other id between its new neighbours (midpoint; after the
 * last: last + GAP; before the first: between 0 and it). When a gap would fall below
 * MIN_POSITION_GAP, renumbers the whole sequence. Answers the ids whose position changes
 * (`changed`) and the ids that were placed anew, i.e. the ones that moved (`placed`).
 */
export function reposition(
  order: readonly string[],
  current: ReadonlyMap<string, number>,
): { changed: Map<string, number>; placed: string[] } {
  const kept = keptIndexes(order, current);
  const next = new Array<number>(order.length);
  let i = 0;
  while (i < order.length) {
    if (kept.has(i)) {
      next[i] = current.get(order[i])!;
      i++;
      continue;
    }
    let end = i;
    while (end < order.length && !kept.has(end)) end++;
    const low = i > 0 ? next[i - 1] : 0;
    const high = end < order.length ? current.get(order[end])! : null;
    const count = end - i;
    for (let k = 0; k < count; k++) {
      next[i + k] =
        high === null ? low + POSITION_GAP * (k + 1) : low + ((high - low) * (k + 1)) / (count + 1);
    }
    i = end;
  }
  if (!isSpacedEnough(next)) next.forEach((_, k) => (next[k] = POSITION_GAP * (k + 1)));
  const changed = new Map<string, number>();
  order.forEach((id, k) => {
    if (current.get(id) !== next[k]) changed.set(id, next[k]);
  });
  return { changed, placed: order.filter((_, k) => !kept.has(k)) };
}

function isSpacedEnough(positions: number[]): boolean {
  let previous = 0;
  for (const p of positions) {
    if (!Number.isFinite(p) || p - previous < MIN_POSITION_GAP) return false;
    previous = p;
  }
  return true;
}

/** Indexes of a longest strictly increasing run of current positions (patience sorting). */
function keptIndexes(order: readonly string[], current: ReadonlyMap<string, number>): Set<number> {
  const tails: number[] = [];
  const parent = new Array<number>(order.length).fill(-1);
  order.forEach((id, index) => {
    const p = current.get(id);
    if (p === undefined || !Number.isFinite(p) || p <= 0) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (current.get(order[tails[mid]])! < p) lo = mid + 1;
      else hi = mid;
    }
    parent[index] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = index;
  });
  const kept = new Set<number>();
  for (let k = tails.length ? tails[tails.length - 1] : -1; k !== -1; k = parent[k]) kept.add(k);
  return kept;
}
