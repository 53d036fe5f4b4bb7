import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component of its own chunk, and the call that asks for that chunk ahead of its first render. */
export type ReadyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * `React.lazy`, except that a component whose chunk has already loaded (asked for early with
 * `preload`) renders at once instead of suspending. A screen revealed after a Suspense fallback
 * waits until 300 ms have passed since that fallback showed (React 19's fallback throttle): a
 * board opened by its address paid that wait at each of its three lazy levels, ~200 ms of its
 * first render (docs/decisions.md, "Chunks without a fallback").
 */
export function lazyReady<P extends object>(load: () => Promise<ComponentType<P>>): ReadyComponent<P> {
  let ready: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (ready = component),
      (error: unknown) => {
        // A failed chunk is asked for again next time (a flaky connection), like a fresh lazy().
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Ready(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => ready ?? Suspending);
    return createElement(Component, props);
  }
  return Object.assign(Ready, { preload });
}
