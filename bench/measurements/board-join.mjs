// @ts-check
// One socket's `board:join`: the round trip until the acknowledgement (membership check + room
// join), measured at the client over loopback, so an upper bound of the server's time.
import { connect, joinBoard } from '../lib/sockets.mjs';
import { now, summarize } from '../lib/stats.mjs';

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureBoardJoin(ctx) {
  const { server, board, size } = ctx;
  const socket = await connect(server.url, board.owner.token);
  try {
    const once = async () => {
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
    return {
      name: 'board-join',
      figures: [
        { id: 'board-join.p50', label: '`board:join` acknowledged, p50', value: s.p50, unit: 'ms' },
        { id: 'board-join.p99', label: '`board:join` acknowledged, p99', value: s.p99, unit: 'ms' },
      ],
      details: { latencyMs: s },
    };
  } finally {
    socket.close();
  }
}
