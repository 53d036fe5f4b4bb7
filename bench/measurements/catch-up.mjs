// @ts-check
// Delta sync (docs/realtime.md, "Recovering: the version is the truth"; issue 17): a browser one
// change behind asks the event log for what it missed instead of reading the 2,000-card board
// again. Each sample makes one card move (not timed), then times GET
// /api/boards/{id}/events?after=<version before the move>.
import { HttpClient } from '../lib/http.mjs';
import { cardPlaces, moveCard, pickMove, random } from '../lib/moves.mjs';
import { now, summarize } from '../lib/stats.mjs';

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureCatchUp(ctx) {
  const { server, board, size } = ctx;
  const http = new HttpClient(server.url, 2);
  try {
    const before = await http.json('GET', `/api/boards/${board.boardId}`, { token: board.owner.token });
    const places = cardPlaces(before);
    const cards = [...places.keys()];
    const listIds = before.lists.map((/** @type {any} */ l) => l._id);
    const at = { boardId: board.boardId, token: board.owner.token, places };
    const reader = board.sessions[0].token;
    const rnd = random(7);
    let bytes = 0;
    const once = async () => {
      const m = pickMove(rnd, cards, listIds, places);
      const moved = JSON.parse(
        (await moveCard(http, at, m.cardId, m.destListId, m.newPosition)).body.toString(),
      );
      const t0 = now();
      const reply = await http.request(
        'GET',
        `/api/boards/${board.boardId}/events?after=${moved.version - 1}`,
        {
          token: reader,
        },
      );
      const took = now() - t0;
      const page = JSON.parse(reply.body.toString());
      if (reply.status !== 200 || page.events.length !== 1 || page.events[0].version !== moved.version)
        throw new Error(`catch-up answered ${reply.status} with ${page.events?.length} events`);
      bytes = reply.body.length;
      return took;
    };
    for (let i = 0; i < size.warmup; i++) await once();
    const times = [];
    for (let i = 0; i < size.sequentialMoves; i++) times.push(await once());
    const latency = summarize(times);
    return {
      name: 'catch-up',
      figures: [
        {
          id: 'catch-up.p50',
          label: 'Catching up one change through /events, p50',
          value: latency.p50,
          unit: 'ms',
        },
        {
          id: 'catch-up.p99',
          label: 'Catching up one change through /events, p99',
          value: latency.p99,
          unit: 'ms',
        },
        {
          id: 'catch-up.bytes',
          label: 'One change through /events, answer size',
          value: bytes / 1000,
          unit: 'kB',
        },
      ],
    };
  } finally {
    http.close();
  }
}
