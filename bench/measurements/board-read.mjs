// @ts-check
// The whole board in one call (GET /api/boards/:id) against reading it one call at a time through
// docs/api.md's per-list and per-card reads: labels, lists, the cards of every list, the checklists
// of every card.
import { gunzipSync, gzipSync } from 'node:zlib';
import { now, round, summarize } from '../lib/stats.mjs';

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureBoardRead(ctx) {
  const { http, board, size } = ctx;
  const token = board.owner.token;
  const path = `/api/boards/${board.boardId}`;
  const read = (query = '') =>
    http.request('GET', `${path}${query}`, { token, headers: { 'accept-encoding': 'gzip' } });
  // The server gzips the board read for clients that accept it (as this one says, like a browser):
  // the gzip figure is then the bytes on the wire, the raw one what they decode to.
  const sizes = (/** @type {{ headers: Record<string, unknown>, body: Buffer }} */ reply) => {
    const gzipped = reply.headers['content-encoding'] === 'gzip';
    const body = gzipped ? gunzipSync(reply.body) : reply.body;
    return { body, gzipBytes: gzipped ? reply.body.length : gzipSync(body).length };
  };

  for (let i = 0; i < size.warmup; i++) await read();
  const times = [];
  let last = await read();
  for (let i = 0; i < size.boardReads; i++) {
    const t0 = now();
    last = await read();
    times.push(now() - t0);
    if (last.status !== 200) throw new Error(`board read answered ${last.status}`);
  }
  const one = summarize(times);
  const { body, gzipBytes } = sizes(last);
  const detail = JSON.parse(body.toString());

  // The same read right after a change (a card renamed): the board's version has moved, so the
  // server reads the content from the database again instead of its per-version copy.
  const card = detail.lists[0].cards[0];
  const afterChanges = async (/** @type {string} */ query, /** @type {string} */ mark) => {
    const times = [];
    let reply = await read(query);
    for (let i = 0; i < size.boardReads; i++) {
      const renamed = await http.request('PUT', `/api/cards/${card._id}`, {
        token,
        body: { title: `${card.title} ${i % 2 ? '' : mark}`.trim() },
      });
      if (renamed.status !== 200) throw new Error(`card rename answered ${renamed.status}`);
      const t0 = now();
      reply = await read(query);
      times.push(now() - t0);
      if (reply.status !== 200) throw new Error(`board read ${query} answered ${reply.status}`);
    }
    return { latency: summarize(times), ...sizes(reply) };
  };
  const changed = (await afterChanges('', '·')).latency;
  // The browser's leaner form (`?view=compact`, issue 17), right after a change too.
  const compact = await afterChanges('?view=compact', '··');

  const spec = [];
  await readTheSpecWay(ctx, detail, 1); // warm-up: the same calls on the first list only
  for (let i = 0; i < size.specWayRuns; i++) spec.push(await readTheSpecWay(ctx, detail, size.specWayLists));
  spec.sort((a, b) => a.ms - b.ms);
  const median = spec[Math.floor(spec.length / 2)];
  // A quick run times the calls for some of the lists and scales by the number of calls.
  const allCalls =
    2 +
    detail.lists.length +
    detail.lists.reduce((/** @type {number} */ n, /** @type {any} */ l) => n + l.cards.length, 0);
  const specMs = (median.ms * allCalls) / median.calls;
  const specLabel =
    median.calls === allCalls
      ? `per-list-and-card reads, ${allCalls} calls in sequence`
      : `per-list-and-card reads, ${allCalls} calls in sequence (${median.calls} timed, scaled)`;

  return {
    name: 'board-read',
    figures: [
      {
        id: 'board-read.p50',
        label: 'Board read, one call (20 × 100 cards), unchanged board, p50',
        value: one.p50,
        unit: 'ms',
      },
      { id: 'board-read.p99', label: 'Board read, unchanged board, p99', value: one.p99, unit: 'ms' },
      {
        id: 'board-read.changed-p50',
        label: 'Board read right after a change (from the database), p50',
        value: changed.p50,
        unit: 'ms',
      },
      {
        id: 'board-read.changed-p99',
        label: 'Board read right after a change, p99',
        value: changed.p99,
        unit: 'ms',
      },
      {
        id: 'board-read.bytes',
        label: 'Board read payload, raw',
        value: round(body.length / 1000, 1),
        unit: 'kB',
      },
      {
        id: 'board-read.gzip',
        label: 'Board read payload, gzip',
        value: round(gzipBytes / 1000, 1),
        unit: 'kB',
      },
      {
        id: 'board-read.compact-changed-p50',
        label: 'Compact board read right after a change, p50',
        value: compact.latency.p50,
        unit: 'ms',
      },
      {
        id: 'board-read.compact-changed-p99',
        label: 'Compact board read right after a change, p99',
        value: compact.latency.p99,
        unit: 'ms',
      },
      {
        id: 'board-read.compact-bytes',
        label: 'Compact board read payload, raw',
        value: round(compact.body.length / 1000, 1),
        unit: 'kB',
      },
      {
        id: 'board-read.compact-gzip',
        label: 'Compact board read payload, gzip',
        value: round(compact.gzipBytes / 1000, 1),
        unit: 'kB',
      },
      {
        id: 'board-read.spec-way',
        label: specLabel,
        value: round(specMs, 0),
        unit: 'ms',
      },
      {
        id: 'board-read.ratio',
        label: 'per-list-and-card reads ÷ one call (p50)',
        value: round(specMs / one.p50, 1),
        unit: '×',
      },
    ],
    details: {
      oneCall: {
        latencyMs: one,
        afterChangeLatencyMs: changed,
        bytes: body.length,
        gzipBytes,
        contentEncoding: last.headers['content-encoding'] ?? null,
      },
      specWay: { runs: spec.map((s) => ({ ms: round(s.ms), calls: s.calls, bytes: s.bytes })) },
    },
  };
}

/**
 * @param {import('../lib/context.mjs').Context} ctx
 * @param {any} board
 * @param {number} [onlyLists] read only this many lists (warm-up)
 */
async function readTheSpecWay(ctx, board, onlyLists) {
  const { http } = ctx;
  const token = ctx.board.owner.token;
  const id = board._id;
  let calls = 0;
  let bytes = 0;
  const get = async (/** @type {string} */ path) => {
    const reply = await http.request('GET', path, { token });
    if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
    calls++;
    bytes += reply.body.length;
    return JSON.parse(reply.body.toString());
  };
  const t0 = now();
  await get(`/api/boards/${id}/labels`);
  const lists = await get(`/api/boards/${id}/lists`);
  for (const list of lists.slice(0, onlyLists ?? lists.length)) {
    const cards = await get(`/api/lists/${list._id}/cards`);
    for (const card of cards) await get(`/api/cards/${card._id}/checklists`);
  }
  return { ms: now() - t0, calls, bytes };
}
