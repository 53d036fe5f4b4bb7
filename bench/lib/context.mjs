// @ts-check
// What every measurement receives, and how big a run is.

/**
 * @typedef {object} Board
 * @property {import('./seed.mjs').Person} owner
 * @property {import('./seed.mjs').Person} viewer a second member (the second browser)
 * @property {import('./seed.mjs').Person[]} sessions more login sessions of the owner (pollers, movers)
 * @property {string} boardId
 * @property {{ _id: string, title: string }[]} lists
 */

/**
 * @typedef {object} Context
 * @property {import('./server.mjs').BenchServer} server
 * @property {import('./http.mjs').HttpClient} http
 * @property {Board} board
 * @property {Size} size
 * @property {string} jwtSecret
 * @property {string | null} [profileDir] with `--profile`: where browser CPU profiles go too
 */

/** @typedef {typeof FULL} Size */

const FULL = {
  lists: 20,
  perList: 100,
  cards: 2000,
  sessions: 25,
  warmup: 20,
  boardReads: 200,
  specWayRuns: 1,
  specWayLists: 20,
  joins: 500,
  joinRounds: 10,
  pollers: 500,
  pollPacedMs: 30_000,
  pollSaturatedMs: 15_000,
  sequentialMoves: 300,
  movers: 20,
  movesPerMover: 25,
  fanOutSockets: 200,
  fanOutMoves: 200,
  crossSockets: 20,
  crossMoves: 200,
  renders: 5,
  renderWarmups: 1,
  browserMoves: 10,
  insightsReads: 30,
};

/** Every figure is still measured, with fewer samples (p99 of fewer samples is rougher). */
const QUICK = {
  ...FULL,
  sessions: 10,
  warmup: 3,
  boardReads: 30,
  specWayRuns: 1,
  specWayLists: 2,
  joins: 100,
  joinRounds: 3,
  pollPacedMs: 6_000,
  pollSaturatedMs: 3_000,
  sequentialMoves: 60,
  movesPerMover: 3,
  fanOutMoves: 30,
  crossMoves: 30,
  renders: 1,
  renderWarmups: 0,
  browserMoves: 3,
  insightsReads: 10,
};

/** @param {boolean} quick @returns {Size} */
export const sizeFor = (quick) => (quick ? QUICK : FULL);
