import type { Percentiles } from '@papan/shared';

const DAY_MS = 86_400_000;

/** Milliseconds as days with two decimals. */
export function toDays(ms: number): number {
  return Math.round((ms / DAY_MS) * 100) / 100;
}

/** The nearest-rank percentile `p` (0–100) of values sorted ascending; null when there are none. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50, p85 and p95 of `days` by nearest rank (docs/insights.md, "Definitions"). */
export function percentilesOf(days: readonly number[]): Percentiles {
  const sorted = [...days].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: nearestRank(sorted, 50),
    p85: nearestRank(sorted, 85),
    p95: nearestRank(sorted, 95),
  };
}
