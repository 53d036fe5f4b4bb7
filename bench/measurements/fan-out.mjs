// @ts-check
// One card move with 200 sockets in the board's room: the time from sending the move until the
// last socket has the `card.moved` event (and the first, for the spread). All sockets live in this
// process, so the figure includes decoding 200 frames here, on the same 2 cores as the server.
import { HttpClient } from '../lib/http.mjs';
import { cardPlaces, moveCard, pickMove, random } from '../lib/moves.mjs';
import { closeAll, connect, joinBoard } from '../lib/sockets.mjs';
import { mapLimit, now, sleep, summarize } from '../lib/stats.mjs';

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureFanOut(ctx) {
  const { server, board, size } = ctx;
  const tokens = [board.viewer.token, ...board.sessions.map((s) => s.token)];
  const sockets = await mapLimit(Array.from({ length: size.fanOutSockets }), 20, async (_, i) => {
    const socket = await connect(server.url, tokens[i % tokens.length]);
    await joinBoard(socket, board.boardId);
    return socket;
  });
  const http = new HttpClient(server.url, 2);
  try {
    await sleep(1000); // every join announced presence to the room: let that settle
    const current = await http.json('GET', `/api/boards/${board.boardId}`, { token: board.owner.token });
    const places = cardPlaces(current);
    const cards = [...places.keys()];
    const listIds = current.lists.map((/** @type {any} */ l) => l._id);
    const at = { boardId: board.boardId, token: board.owner.token, places };
    const rnd = random(7);

    /** @type {{ cardId: string, times: number[], done: () => void } | null} */
    let waiting = null;
    for (const socket of sockets) {
      socket.on('board:event', (/** @type {any} */ e) => {
        if (!waiting || e.type !== 'card.moved' || e.payload.cardId !== waiting.cardId) return;
        waiting.times.push(now());
        if (waiting.times.length === sockets.length) waiting.done();
      });
    }
    const once = async () => {
      const m = pickMove(rnd, cards, listIds, places);
      /** @type {number[]} */
      const times = [];
      const all = new Promise((resolve, reject) => {
        waiting = { cardId: m.cardId, times, done: () => resolve(undefined) };
        setTimeout(
          () => reject(new Error(`only ${times.length} of ${sockets.length} sockets had the event`)),
          10_000,
        ).unref();
      });
      const t0 = now();
      const moved = moveCard(http, at, m.cardId, m.destListId, m.newPosition).then(() => now() - t0);
      await all;
      const answerMs = await moved;
      waiting = null;
      return { last: Math.max(...times) - t0, first: Math.min(...times) - t0, answerMs };
    };
    for (let i = 0; i < size.warmup; i++) await once();
    const samples = [];
    for (let i = 0; i < size.fanOutMoves; i++) {
      samples.push(await once());
      await sleep(20);
    }
    const last = summarize(samples.map((s) => s.last));
    const spread = summarize(samples.map((s) => s.last - s.first));
    const answer = summarize(samples.map((s) => s.answerMs));
    return {
      name: 'fan-out',
      figures: [
        {
          id: 'fan-out.p50',
          label: `Move → event at the last of ${sockets.length} sockets, p50`,
          value: last.p50,
          unit: 'ms',
        },
        {
          id: 'fan-out.p99',
          label: `Move → event at the last of ${sockets.length} sockets, p99`,
          value: last.p99,
          unit: 'ms',
        },
        {
          id: 'fan-out.answer-p50',
          label: `The mover's own answer on a board watched by ${sockets.length} sockets, p50`,
          value: answer.p50,
          unit: 'ms',
        },
        {
          id: 'fan-out.spread-p50',
          label: 'First → last of the sockets (the fan-out itself), p50',
          value: spread.p50,
          unit: 'ms',
        },
      ],
      details: {
        sockets: sockets.length,
        lastSocketMs: last,
        firstSocketMs: summarize(samples.map((s) => s.first)),
        spreadMs: spread,
        moveAnswerMs: answer,
      },
    };
  } finally {
    http.close();
    closeAll(sockets);
  }
}
