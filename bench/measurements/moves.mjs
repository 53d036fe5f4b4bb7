// @ts-check
// Card moves on the 2,000-card board: one mover at a time (latency), then 20 movers at once
// (throughput), then a check through the API that every card is still there exactly once and
// where its mover left it.
import { HttpClient } from '../lib/http.mjs';
import { cardPlaces, moveCard, pickMove, random } from '../lib/moves.mjs';
import { now, round, summarize } from '../lib/stats.mjs';

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureMoves(ctx) {
  const { server, board, size } = ctx;
  const http = new HttpClient(server.url, size.movers + 2);
  try {
    const before = await http.json('GET', `/api/boards/${board.boardId}`, { token: board.owner.token });
    const places = cardPlaces(before);
    const allCards = [...places.keys()];
    const listIds = before.lists.map((/** @type {any} */ l) => l._id);
    const rnd = random(42);

    const at = { boardId: board.boardId, token: board.owner.token, places };
    let answerBytes = 0;
    const sequentialOnce = async () => {
      const m = pickMove(rnd, allCards, listIds, places);
      const t0 = now();
      answerBytes = (await moveCard(http, at, m.cardId, m.destListId, m.newPosition)).body.length;
      return now() - t0;
    };
    for (let i = 0; i < size.warmup * 2; i++) await sequentialOnce();
    const seqTimes = [];
    const seqCpu0 = server.cpuMs();
    for (let i = 0; i < size.sequentialMoves; i++) seqTimes.push(await sequentialOnce());
    const sequential = summarize(seqTimes);
    const seqCpuMs = server.cpuMs() - seqCpu0;

    // Each mover owns every 20th card, so its idea of where its cards are stays true.
    const movers = size.movers;
    /** @type {number[]} */
    const times = [];
    const start = now();
    const cpu0 = server.cpuMs();
    await Promise.all(
      Array.from({ length: movers }, async (_, k) => {
        const mine = allCards.filter((_, i) => i % movers === k);
        const own = random(1000 + k);
        const mover = { ...at, token: board.sessions[k % board.sessions.length].token };
        for (let i = 0; i < size.movesPerMover; i++) {
          const m = pickMove(own, mine, listIds, places);
          const t0 = now();
          await moveCard(http, mover, m.cardId, m.destListId, m.newPosition);
          times.push(now() - t0);
        }
      }),
    );
    const wallMs = now() - start;
    const cpuMs = server.cpuMs() - cpu0;
    const concurrent = summarize(times);
    const check = await checkCards(http, at, allCards);

    return {
      name: 'moves',
      figures: [
        {
          id: 'moves.sequential-p50',
          label: 'Card move, one at a time, p50',
          value: sequential.p50,
          unit: 'ms',
        },
        {
          id: 'moves.sequential-p99',
          label: 'Card move, one at a time, p99',
          value: sequential.p99,
          unit: 'ms',
        },
        {
          id: 'moves.concurrent-rate',
          label: `Card moves by ${movers} concurrent movers`,
          value: round((times.length / wallMs) * 1000, 0),
          unit: 'moves/s',
        },
        {
          id: 'moves.concurrent-p50',
          label: `Card move, ${movers} movers, p50`,
          value: concurrent.p50,
          unit: 'ms',
        },
        {
          id: 'moves.concurrent-p99',
          label: `Card move, ${movers} movers, p99`,
          value: concurrent.p99,
          unit: 'ms',
        },
        {
          id: 'moves.integrity',
          label: 'Every card exactly once, where its mover left it',
          value: check.ok,
          unit: '',
        },
      ],
      details: {
        sequential: { ...sequential, serverCpuPerMoveMs: round(seqCpuMs / seqTimes.length, 2) },
        concurrent: {
          movers,
          moves: times.length,
          wallMs: round(wallMs, 0),
          latencyMs: concurrent,
          serverCpuPerMoveMs: round(cpuMs / times.length, 2),
          serverCoreShare: round((cpuMs / wallMs) * 100, 0),
        },
        check,
        moveAnswerBytes: answerBytes,
      },
    };
  } finally {
    http.close();
  }
}

/**
 * @param {HttpClient} http
 * @param {{ boardId: string, token: string, places: Map<string, string> }} at
 * @param {string[]} expected
 */
async function checkCards(http, at, expected) {
  const after = await http.json('GET', `/api/boards/${at.boardId}`, { token: at.token });
  const seen = after.lists.flatMap((/** @type {any} */ l) => l.cards.map((/** @type {any} */ c) => c._id));
  const counts = new Map();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  const duplicated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
  const lost = expected.filter((id) => !counts.has(id));
  const misplaced = [...cardPlaces(after)]
    .filter(([id, list]) => at.places.get(id) !== list)
    .map(([id]) => id);
  return {
    ok: !duplicated.length && !lost.length && !misplaced.length,
    cards: seen.length,
    duplicated,
    lost,
    misplaced,
  };
}
