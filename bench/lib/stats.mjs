// @ts-check

/**
 * Percentile by linear interpolation between closest ranks (numpy's default).
 * @param {number[]} sorted ascending
 * @param {number} p 0–100
 */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

/**
 * The usual summary of a latency sample, in the sample's unit.
 * @param {number[]} samples
 */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((s, x) => s + x, 0);
  return {
    n: sorted.length,
    min: round(sorted[0]),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(sum / sorted.length),
  };
}

/** @param {number} x @param {number} digits */
export function round(x, digits = 2) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Milliseconds since an arbitrary origin, sub-millisecond. */
export const now = () => performance.now();

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `task` over `items` with at most `limit` in flight; answers the results in order.
 * @template T, R
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T, index: number) => Promise<R>} task
 * @returns {Promise<R[]>}
 */
export async function mapLimit(items, limit, task) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
