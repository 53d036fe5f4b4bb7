// @ts-check
// Issue 18's live feeds on the seeded board: one card move → one SSE client and one webhook
// receiver (p50/p99 of each), one move → the last of 200 SSE clients, and how many webhook
// deliveries per second reach a local receiver while 20 movers change the board. Every client and
// the receiver live in this process, on the same 2 cores as the server.
import { HttpClient } from '../lib/http.mjs';
import { cardPlaces, moveCard, pickMove, random } from '../lib/moves.mjs';
import { openStream, startReceiver } from '../lib/sse.mjs';
import { mapLimit, now, round, sleep, summarize } from '../lib/stats.mjs';

/** Webhooks on the board during the throughput run: each move is that many deliveries. */
const THROUGHPUT_WEBHOOKS = 5;

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureLiveFeeds(ctx) {
  const { server, board, size } = ctx;
  const owner = board.owner.token;
  const http = new HttpClient(server.url, size.movers + 2);
  /** card id → called with each arrival of its move's event: 'sse' or 'hook' */
  const arrivals = new Map();
  const arrived = (/** @type {string} */ channel, /** @type {any} */ event) => {
    if (event?.type === 'card.moved') arrivals.get(event.payload.cardId)?.(channel);
  };
  /** @type {number[]} */
  const deliveries = [];
  const receiver = await startReceiver((body) => {
    deliveries.push(now());
    arrived('hook', body);
  });
  /** @type {{ close: () => void }[]} */
  const streams = [];
  try {
    const current = await http.json('GET', `/api/boards/${board.boardId}`, { token: owner });
    const places = cardPlaces(current);
    const cards = [...places.keys()];
    const listIds = current.lists.map((/** @type {any} */ l) => l._id);
    const at = { boardId: board.boardId, token: owner, places };
    const rnd = random(18);
    const addHook = (/** @type {number} */ i) =>
      http.json('POST', `/api/boards/${board.boardId}/webhooks`, {
        token: owner,
        body: { url: `${receiver.url}/hook/${i}`, events: ['card.moved'] },
      });

    /** Moves one card and waits until every channel in `want` (name → count) has its event. */
    const timeMove = async (/** @type {Record<string, number>} */ want) => {
      const m = pickMove(rnd, cards, listIds, places);
      /** @type {Record<string, number[]>} */
      const times = Object.fromEntries(Object.keys(want).map((k) => [k, []]));
      const all = new Promise((resolve, reject) => {
        arrivals.set(m.cardId, (/** @type {string} */ channel) => {
          times[channel]?.push(now());
          if (Object.entries(want).every(([k, n]) => times[k].length >= n)) resolve(undefined);
        });
        setTimeout(
          () => reject(new Error(`a move's event did not arrive: ${JSON.stringify(times)}`)),
          10_000,
        ).unref();
      });
      const t0 = now();
      await moveCard(http, at, m.cardId, m.destListId, m.newPosition);
      await all;
      arrivals.delete(m.cardId);
      return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.max(...v) - t0]));
    };

    // One SSE client and one webhook.
    const path = `/api/boards/${board.boardId}/stream`;
    streams.push(await openStream(server.url, path, owner, (e) => arrived('sse', e)));
    const hook = await addHook(0);
    await sleep(500);
    for (let i = 0; i < size.warmup; i++) await timeMove({ sse: 1, hook: 1 });
    const one = [];
    for (let i = 0; i < size.fanOutMoves; i++) {
      one.push(await timeMove({ sse: 1, hook: 1 }));
      await sleep(10);
    }
    await http.json('DELETE', `/api/boards/${board.boardId}/webhooks/${hook._id}`, { token: owner });

    // 200 SSE clients (the first one included), sessions of the owner and of the second member.
    const tokens = [board.viewer.token, ...board.sessions.map((s) => s.token)];
    const more = await mapLimit(Array.from({ length: size.fanOutSockets - 1 }), 20, (_, i) =>
      openStream(server.url, path, tokens[i % tokens.length], (e) => arrived('sse', e)),
    );
    streams.push(...more);
    await sleep(1000);
    for (let i = 0; i < size.warmup; i++) await timeMove({ sse: streams.length });
    const many = [];
    for (let i = 0; i < size.fanOutMoves; i++) {
      many.push((await timeMove({ sse: streams.length })).sse);
      await sleep(20);
    }
    streams.splice(0).forEach((s) => s.close());

    // Throughput: 20 movers change the board while THROUGHPUT_WEBHOOKS webhooks take every move.
    for (let i = 0; i < THROUGHPUT_WEBHOOKS; i++) await addHook(i + 1);
    deliveries.length = 0;
    const movers = size.movers;
    const perMover = size.movesPerMover;
    const started = now();
    await Promise.all(
      Array.from({ length: movers }, async (_, k) => {
        const mine = cards.filter((_, i) => i % movers === k);
        const mover = { ...at, token: board.sessions[k % board.sessions.length].token };
        const own = random(100 + k);
        for (let i = 0; i < perMover; i++) {
          const m = pickMove(own, mine, listIds, places);
          await moveCard(http, mover, m.cardId, m.destListId, m.newPosition);
        }
      }),
    );
    const movedMs = now() - started;
    const expected = movers * perMover * THROUGHPUT_WEBHOOKS;
    const deadline = now() + 60_000;
    while (deliveries.length < expected && now() < deadline) await sleep(50);
    if (deliveries.length < expected)
      throw new Error(`only ${deliveries.length} of ${expected} deliveries arrived`);
    const spanMs = deliveries[deliveries.length - 1] - deliveries[0];
    const rate = (expected / spanMs) * 1000;

    const sse = summarize(one.map((s) => s.sse));
    const hooks = summarize(one.map((s) => s.hook));
    const last = summarize(many);
    return {
      name: 'live-feeds',
      figures: [
        { id: 'live-feeds.sse-p50', label: 'Move → SSE client, p50', value: sse.p50, unit: 'ms' },
        { id: 'live-feeds.sse-p99', label: 'Move → SSE client, p99', value: sse.p99, unit: 'ms' },
        { id: 'live-feeds.webhook-p50', label: 'Move → webhook receiver, p50', value: hooks.p50, unit: 'ms' },
        { id: 'live-feeds.webhook-p99', label: 'Move → webhook receiver, p99', value: hooks.p99, unit: 'ms' },
        {
          id: 'live-feeds.sse-fan-out-p50',
          label: `Move → the last of ${size.fanOutSockets} SSE clients, p50`,
          value: last.p50,
          unit: 'ms',
        },
        {
          id: 'live-feeds.sse-fan-out-p99',
          label: `Move → the last of ${size.fanOutSockets} SSE clients, p99`,
          value: last.p99,
          unit: 'ms',
        },
        {
          id: 'live-feeds.webhook-rate',
          label: `Webhook deliveries to a local receiver (${THROUGHPUT_WEBHOOKS} webhooks, ${movers} movers)`,
          value: round(rate, 0),
          unit: 'deliveries/s',
        },
      ],
      details: {
        sseMs: sse,
        webhookMs: hooks,
        sseFanOut: { clients: size.fanOutSockets, lastClientMs: last },
        throughput: {
          webhooks: THROUGHPUT_WEBHOOKS,
          moves: movers * perMover,
          deliveries: expected,
          movesWallMs: round(movedMs, 0),
          deliveriesSpanMs: round(spanMs, 0),
        },
      },
    };
  } finally {
    streams.forEach((s) => s.close());
    http.close();
    await receiver.close();
  }
}
