import { useCallback, useMemo } from 'react';
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
