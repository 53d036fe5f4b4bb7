import { cardsFinished, daysToFinish, seededRandom } from './monte-carlo';

/** A past of ten days whose throughput the runs draw from, one day at a time. */
const DAILY = [0, 1, 2, 0, 1, 3, 0, 2, 1, 0];

/** The exact distribution of the sum of `days` draws from DAILY (convolution). */
function sumDistribution(days: number): number[] {
  let pmf = [1];
  for (let d = 0; d < days; d++) {
    const next = new Array<number>(pmf.length + 3).fill(0);
    pmf.forEach((p, total) => DAILY.forEach((count) => (next[total + count] += p / DAILY.length)));
    pmf = next;
  }
  return pmf;
}

/** The smallest k whose cumulative probability reaches p. */
function quantile(pmf: number[], p: number): number {
  let cumulative = 0;
  for (let k = 0; k < pmf.length; k++) if ((cumulative += pmf[k]) >= p - 1e-12) return k;
  return pmf.length - 1;
}

describe('the forecast’s Monte Carlo against the analytic quantiles', () => {
  it('counts done in 14 days: p50, p85 ("at least, in 85 % of runs") and p95 within one card', () => {
    const pmf = sumDistribution(14);
    const got = cardsFinished(DAILY, 14, 10_000, seededRandom(7));
    expect(Math.abs(got.p50 - quantile(pmf, 0.5))).toBeLessThanOrEqual(1);
    expect(Math.abs(got.p85 - quantile(pmf, 0.15))).toBeLessThanOrEqual(1);
    expect(Math.abs(got.p95 - quantile(pmf, 0.05))).toBeLessThanOrEqual(1);
    expect(got.p95).toBeLessThanOrEqual(got.p85);
    expect(got.p85).toBeLessThanOrEqual(got.p50);
  });

  it('days to finish 20 cards: within one day of P(sum of t days ≥ 20) reaching 50, 85 and 95 %', () => {
    const reached = (p: number) => {
      for (let t = 1; ; t++) {
        const pmf = sumDistribution(t);
        if (pmf.slice(20).reduce((a, b) => a + b, 0) >= p) return t;
      }
    };
    const got = daysToFinish(DAILY, 20, 10_000, seededRandom(11), 10_000);
    expect(Math.abs(got.p50 - reached(0.5))).toBeLessThanOrEqual(1);
    expect(Math.abs(got.p85 - reached(0.85))).toBeLessThanOrEqual(1);
    expect(Math.abs(got.p95 - reached(0.95))).toBeLessThanOrEqual(1);
  });

  it('gives the same answer for the same seed, and stops a run at the horizon', () => {
    const once = daysToFinish(DAILY, 50, 2_000, seededRandom(42), 10_000);
    expect(daysToFinish(DAILY, 50, 2_000, seededRandom(42), 10_000)).toEqual(once);
    expect(daysToFinish([0, 0, 0, 1], 1_000, 100, seededRandom(1), 365)).toEqual({
      p50: 365,
      p85: 365,
      p95: 365,
    });
  });
});
