/** Node's timers overflow past ~24.8 days: a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `expire` when a token with this `exp` (seconds since 1970) ends; answers the function that
 * cancels it. A socket lives no longer than the token it was opened with.
 */
export function atExpiry(exp: number, expire: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const wait = () => {
    const left = exp * 1000 - Date.now();
    if (left <= 0) return expire();
    timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS)).unref();
  };
  wait();
  return () => clearTimeout(timer);
}
