import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long `refresh` waits for more changes before it reads again. */
export const LIVE_READ_DEBOUNCE_MS = 300;

export interface LiveRead<T> {
  /** The latest answer; kept on screen while a newer one is read, and after a failed refresh. */
  data: T | null;
  /** The last read's failure, or null once a read succeeds. */
  error: unknown;
  /** Whether a read is on its way. */
  busy: boolean;
  /** Reads again after LIVE_READ_DEBOUNCE_MS of quiet; a change during a read reads once more after it. */
  refresh: () => void;
}

const noop = () => {};

/**
 * A read that follows changes (a board's live events): read at once whenever `key` changes (the
 * read in flight for the old key is cancelled), and again on `refresh`, debounced, with at most one
 * request in flight. `null` as the key reads nothing.
 */
export function useLiveRead<T>(key: string | null, read: (signal: AbortSignal) => Promise<T>): LiveRead<T> {
  const [state, setState] = useState<Omit<LiveRead<T>, 'refresh'>>({ data: null, error: null, busy: false });
  const readRef = useRef(read);
  const trigger = useRef<() => void>(noop);
  useLayoutEffect(() => {
    readRef.current = read;
  });

  useEffect(() => {
    if (key === null) return;
    let inFlight: AbortController | null = null;
    let again = false;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const run = () => {
      if (inFlight) {
        again = true;
        return;
      }
      const controller = new AbortController();
      inFlight = controller;
      setState((s) => ({ ...s, busy: true }));
      readRef
        .current(controller.signal)
        .then(
          (data) => !stopped && setState({ data, error: null, busy: again }),
          (error: unknown) => !stopped && setState((s) => ({ ...s, error, busy: again })),
        )
        .finally(() => {
          if (stopped) return;
          inFlight = null;
          if (again) {
            again = false;
            run();
          }
        });
    };

    trigger.current = () => {
      clearTimeout(timer);
      timer = setTimeout(run, LIVE_READ_DEBOUNCE_MS);
    };
    run();
    return () => {
      stopped = true;
      clearTimeout(timer);
      inFlight?.abort();
      trigger.current = noop;
    };
  }, [key]);

  const refresh = useCallback(() => trigger.current(), []);
  return { ...state, refresh };
}
