import { nearestRank } from './percentiles';

/**
 * The forecast's Monte Carlo (docs/insights.md, "Forecast"): each run draws one past day's
 * throughput at random for each day ahead. Seeded, so the same seed gives the same answer.
 */

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Quantiles {
  p50: number;
  p85: number;
  p95: number;
}

/**
 * How many days each run needs to finish `cards` more cards: the 50th, 85th and 95th percentile
 * (nearest rank) of the runs' day counts. `daily` holds at least one day with a finished card.
 * A run stops at `horizon` days (its count is then the horizon).
 */
export function daysToFinish(
  daily: readonly number[],
  cards: number,
  runs: number,
  random: () => number,
  horizon: number,
): Quantiles {
  // Days without a finished card are skipped in one draw: the number of empty days before the
  // next working day is geometric, so a run costs one step per working day, not per day.
  const working = daily.filter((count) => count > 0);
  const workingShare = working.length / daily.length;
  const days = new Float64Array(runs);
  for (let run = 0; run < runs; run++) {
    let done = 0;
    let day = 0;
    while (done < cards && day < horizon) {
      day += workingShare === 1 ? 1 : 1 + Math.floor(Math.log(1 - random()) / Math.log(1 - workingShare));
      done += working[Math.floor(random() * working.length)];
    }
    days[run] = Math.min(day, horizon);
  }
  return quantiles(days, false);
}

/**
 * How many cards each run finishes in `ahead` days: "p85" is the count reached in at least 85 % of
 * the runs, so p95 ≤ p85 ≤ p50.
 */
export function cardsFinished(
  daily: readonly number[],
  ahead: number,
  runs: number,
  random: () => number,
): Quantiles {
  const totals = new Float64Array(runs);
  for (let run = 0; run < runs; run++) {
    let done = 0;
    for (let day = 0; day < ahead; day++) done += daily[Math.floor(random() * daily.length)];
    totals[run] = done;
  }
  return quantiles(totals, true);
}

/** The quantiles of the runs' results; `atLeast` reads them from the low end (counts reached). */
function quantiles(results: Float64Array, atLeast: boolean): Quantiles {
  const sorted = Array.from(results.sort());
  const at = (p: number) => nearestRank(sorted, atLeast ? 100 - p : p)!;
  return { p50: at(50), p85: at(85), p95: at(95) };
}
