import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readFilter, writeFilter, type CardFilter } from '../model/card-filter';

/** The board filter as the address holds it (so a reload or a shared link keeps it). */
export function useCardFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(params), [params]);
  const setFilter = useCallback(
    (next: CardFilter) => setParams((current) => writeFilter(current, next), { replace: true }),
    [setParams],
  );
  return { filter, setFilter };
}

/** Typing waits this long after the last key before the board filters; the field shows each key at once. */
export const TYPING_PAUSE_MS = 150;

const keyOf = (filter: CardFilter) => writeFilter(new URLSearchParams(), filter).toString();

/**
 * The filter as its controls show it. The router applies a change in a transition, and until that
 * commits a controlled checkbox or field would show the old value (a tick that does not take, a
 * letter that vanishes on a busy machine). The controls show the change at once; the address and
 * the board follow: a choice at once, words once typing pauses for {@link TYPING_PAUSE_MS} (one
 * board update per word, not one per key over 2,000 cards). The controls keep showing their own
 * change while the address passes through filters they asked for; a filter from elsewhere (a
 * reload, going back) shows as it lands. `applied` is what the board shows.
 */
export function useCardFilterControls() {
  const { filter: applied, setFilter: apply } = useCardFilter();
  /** The controls' filter, and the filters they asked the address for since it was set. */
  const [draft, setDraft] = useState<{ filter: CardFilter; asked: string[] } | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const appliedKey = keyOf(applied);
  const current = draft?.asked.includes(appliedKey) ? draft : null;
  const shown = current?.filter ?? applied;

  const change = useCallback(
    (next: CardFilter, typed: boolean) => {
      clearTimeout(pending.current);
      setDraft({ filter: next, asked: [...new Set([...(current?.asked ?? [appliedKey]), keyOf(next)])] });
      if (typed) pending.current = setTimeout(() => apply(next), TYPING_PAUSE_MS);
      else apply(next);
    },
    [current, appliedKey, apply],
  );
  /** A choice (a label, "clear", …): the board follows at once. */
  const setFilter = useCallback((next: CardFilter) => change(next, false), [change]);
  /** The words field: the board follows once typing pauses. */
  const typeWords = useCallback((q: string) => change({ ...shown, q }, true), [change, shown]);
  return { filter: shown, applied, setFilter, typeWords };
}
