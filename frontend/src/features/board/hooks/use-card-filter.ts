import { useCallback, useMemo, useState } from 'react';
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

/**
 * The filter as its controls show it. The router applies a change in a transition, and until that
 * commits a controlled checkbox or field would show the old value (a tick that does not take, a
 * letter that vanishes on a busy machine). The controls show the change at once; the address and
 * the board follow. A change from elsewhere (a reload, "clear", going back) shows as it lands.
 * `applied` is what the board shows: work over every card (the counts) follows it, not each key.
 */
export function useCardFilterControls() {
  const { filter: applied, setFilter: apply } = useCardFilter();
  const [draft, setDraft] = useState<{ filter: CardFilter; over: CardFilter } | null>(null);
  const setFilter = useCallback(
    (next: CardFilter) => {
      setDraft({ filter: next, over: applied });
      apply(next);
    },
    [applied, apply],
  );
  return { filter: draft && draft.over === applied ? draft.filter : applied, applied, setFilter };
}
