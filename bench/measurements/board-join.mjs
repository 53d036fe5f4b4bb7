// @ts-check
// One socket's `board:join`: the round trip until the acknowledgement (membership check + room
// join), measured at the client over loopback, so an upper bound of the server's time. Then 200
// connected sockets send `board:join` at once (a board opened by a whole class after a restart):
// the time until the last acknowledgement.
import { closeAll, connect, joinBoard } from '../lib/sockets.mjs';
import { mapLimit, now, sleep, summarize } from '../lib/stats.mjs';

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureBoardJoin(ctx) {
  const { server, board, size } = ctx;
  const tokens = [board.viewer.token, ...board.sessions.map((p) => p.token)];
  const sockets = await mapLimit(Array.from({ length: size.fanOutSockets }), 20, (_, i) =>
    connect(server.url, tokens[i % tokens.length]),
  );
  try {
    // One join at a time, taking the sockets in turn: each socket's event budget (20 at once, then
    // 5 a second) would refuse hundreds of joins on one socket.
    let turn = 0;
    const once = async () => {
      const socket = sockets[turn++ % sockets.length];
      const t0 = now();
      await joinBoard(socket, board.boardId);
      const ms = now() - t0;
      await socket.timeout(5000).emitWithAck('board:leave', { boardId: board.boardId });
      return ms;
    };
    for (let i = 0; i < size.warmup * 2; i++) await once();
    const times = [];
    for (let i = 0; i < size.joins; i++) times.push(await once());
    const s = summarize(times);
    const all = await joinAllAtOnce(ctx, sockets);
    return {
      name: 'board-join',
      figures: [
        { id: 'board-join.p50', label: '`board:join` acknowledged, p50', value: s.p50, unit: 'ms' },
        { id: 'board-join.p99', label: '`board:join` acknowledged, p99', value: s.p99, unit: 'ms' },
        {
          id: 'board-join.all-p50',
          label: `${all.sockets} sockets join at once, all acknowledged, p50`,
          value: all.ms.p50,
          unit: 'ms',
        },
      ],
      details: { latencyMs: s, allAtOnce: all },
    };
  } finally {
    closeAll(sockets);
  }
}

/**
 * The sockets (every login session of the owner and the member, `size.fanOutSockets` of them)
 * send `board:join` at once; the time to the last acknowledgement is taken, then they all leave
 * (`size.joinRounds` rounds after one warm-up).
 * @param {import('../lib/context.mjs').Context} ctx @param {any[]} sockets
 */
async function joinAllAtOnce(ctx, sockets) {
  const { board, size } = ctx;
  const round = async () => {
    const t0 = now();
    await Promise.all(sockets.map((socket) => joinBoard(socket, board.boardId)));
    const ms = now() - t0;
    await Promise.all(
      sockets.map((socket) => socket.timeout(10_000).emitWithAck('board:leave', { boardId: board.boardId })),
    );
    await sleep(400); // the leaves' presence announcements settle; each socket earns back its two events
    return ms;
  };
  await round();
  const times = [];
  for (let i = 0; i < size.joinRounds; i++) times.push(await round());
  return { sockets: sockets.length, ms: summarize(times) };
}
