import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { create } from 'zustand';

/** How often each query key was invalidated; a mounted query refetches when its count grows. */
const useInvalidations = create<Record<string, number>>(() => ({}));

/** Marks a query stale: every mounted `useQuery(key, …)` fetches again (e.g. after a board change). */
export function invalidateQuery(key: string): void {
  useInvalidations.setState((counts) => ({ [key]: (counts[key] ?? 0) + 1 }));
}

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer (or failure) for this key; a refetch keeps the old data visible. */
  isLoading: boolean;
  refetch: () => void;
  /** A local change after a successful call, without asking the server again. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

interface Settled<T> {
  key: string;
  data: T | undefined;
  error: unknown;
}

/**
 * A read from the API, in the fetcher + hook style of bulletproof-react: the fetcher lives in its
 * endpoint file, the screen calls the hook. Cancels the request when the screen goes away.
 */
export function useQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): QueryResult<T> {
  const invalidations = useInvalidations((counts) => counts[key] ?? 0);
  const [refetches, setRefetches] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const load = useEffectEvent((signal: AbortSignal) => fetcher(signal));

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled((current) => ({ key, data: current?.key === key ? current.data : undefined, error }));
      },
    );
    return () => controller.abort();
  }, [key, invalidations, refetches]);

  const refetch = useCallback(() => setRefetches((count) => count + 1), []);
  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) =>
      setSettled((current) => (current ? { ...current, data: update(current.data) } : current)),
    [],
  );
  const current = settled?.key === key ? settled : null;
  return {
    data: current?.data,
    error: current?.error ?? null,
    isLoading: current === null,
    refetch,
    setData,
  };
}
