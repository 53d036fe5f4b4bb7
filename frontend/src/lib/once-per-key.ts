/**
 * One call per key for the life of the page. React runs a mount effect twice in development
 * (StrictMode); for a single-use secret (an e-mailed link, a sign-in code) a second call would spend
 * it again and fail, so both runs share the first call's answer.
 */
export function oncePerKey<T>(call: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const calls = new Map<string, Promise<T>>();
  return (key) => {
    let pending = calls.get(key);
    if (!pending) {
      pending = call(key);
      calls.set(key, pending);
    }
    return pending;
  };
}
