// @ts-check
// Issue 33 (docs/insights.md): the insights read over a board with 100,000 history rows, and a
// forecast of 10,000 Monte Carlo runs. The history comes in a Papan JSON export (the way a real
// clock's past reaches a board): 10,000 cards × 10 stays over the last year, 2,000 of the cards still
// on the board, the rest deleted (their history counts all the same).
import { randomUUID } from 'node:crypto';
import { postFile } from '../lib/http.mjs';
import { now, round, summarize } from '../lib/stats.mjs';

const LISTS = 10;
const CARDS = 10_000;
const LIVE = 2_000;
const STAYS_PER_CARD = 10;
const DAY_MS = 86_400_000;
/** The lists a card goes through: forward, one step back in the middle, and on to done. */
const PATH = [0, 1, 2, 3, 4, 3, 5, 7, 8, 9];

/** A Papan export whose history has CARDS × STAYS_PER_CARD rows; the last list is done. */
export function historyExport() {
  const lists = Array.from({ length: LISTS }, (_, i) => ({
    id: randomUUID(),
    title: `Stage ${i}`,
    stage: i === 0 ? 'backlog' : i === LISTS - 1 ? 'done' : 'active',
    /** @type {object[]} */
    cards: [],
  }));
  /** @type {{ cardId: string, listId: string, enteredAt: string, leftAt: string | null }[]} */
  const history = [];
  const start = Date.now() - 365 * DAY_MS;
  for (let c = 0; c < CARDS; c++) {
    const id = randomUUID();
    let at = start + (c / CARDS) * 330 * DAY_MS;
    for (let s = 0; s < STAYS_PER_CARD; s++) {
      const list = PATH[s];
      const leave = at + (0.2 + ((c * 7 + s * 13) % 30) / 10) * 3_600_000 * 8;
      const last = s === STAYS_PER_CARD - 1;
      history.push({
        cardId: id,
        listId: lists[list].id,
        enteredAt: new Date(at).toISOString(),
        leftAt: last ? null : new Date(leave).toISOString(),
      });
      at = leave;
    }
    const lastList = lists[PATH[STAYS_PER_CARD - 1]];
    if (c >= CARDS - LIVE)
      lastList.cards.push({
        id,
        title: `Card ${c}`,
        description: '',
        createdAt: history[history.length - STAYS_PER_CARD].enteredAt,
        dueAt: null,
        dueComplete: false,
        labels: [],
        members: [],
        checklists: [],
        comments: [],
        attachments: [],
        cover: null,
      });
    else history[history.length - 1].leftAt = new Date(at + DAY_MS).toISOString();
  }
  return {
    format: 'papan.board',
    version: 1,
    exportedAt: new Date().toISOString(),
    board: { title: 'Insights benchmark', description: '' },
    labels: [],
    members: [],
    lists,
    history,
  };
}

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureInsights(ctx) {
  const { server, http, board, size } = ctx;
  const token = board.owner.token;
  const bytes = Buffer.from(JSON.stringify(historyExport()));
  const t0 = now();
  const { _id: boardId } = await postFile(server.url, '/api/boards/import', token, {
    name: 'history.json',
    type: 'application/json',
    bytes,
  });
  const importMs = now() - t0;
  const rounds = size.insightsReads;
  try {
    const today = new Date().toISOString().slice(0, 10);
    const from = (/** @type {number} */ days) =>
      new Date(Date.now() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    /** @param {string} path */
    const timed = async (path) => {
      /** @type {number[]} */
      const samples = [];
      for (let i = 0; i < rounds + 3; i++) {
        const t = now();
        await http.json('GET', path, { token });
        if (i >= 3) samples.push(now() - t);
      }
      return summarize(samples);
    };
    const standard = await timed(`/api/boards/${boardId}/insights?tz=Asia/Jakarta`);
    const quarter = await timed(
      `/api/boards/${boardId}/insights?from=${from(90)}&to=${today}&tz=Asia/Jakarta`,
    );
    const year = await timed(`/api/boards/${boardId}/insights?from=${from(366)}&to=${today}&tz=Asia/Jakarta`);
    const forecast = await timed(`/api/boards/${boardId}/forecast?cards=100`);
    const check = await http.json('GET', `/api/boards/${boardId}/insights?from=${from(366)}&to=${today}`, {
      token,
    });
    const finished = check.leadTime.n;
    if (!finished) throw new Error('the benchmark board has no finished card');
    return {
      name: 'insights',
      figures: [
        {
          id: 'insights.p50',
          label: `Insights (the default 30 days), board with ${CARDS * STAYS_PER_CARD} history rows: p50`,
          value: round(standard.p50, 1),
          unit: 'ms',
        },
        {
          id: 'insights.quarter-p50',
          label: 'Insights of 90 days, same board: p50',
          value: round(quarter.p50, 1),
          unit: 'ms',
        },
        {
          id: 'insights.year-p50',
          label: 'Insights of 366 days, same board: p50',
          value: round(year.p50, 1),
          unit: 'ms',
        },
        {
          id: 'insights.forecast-p50',
          label: 'Forecast of 100 cards, 10,000 Monte Carlo runs: p50',
          value: round(forecast.p50, 1),
          unit: 'ms',
        },
      ],
      details: {
        historyRows: CARDS * STAYS_PER_CARD,
        fileBytes: bytes.length,
        importMs: round(importMs, 0),
        finishedInYear: finished,
        standard,
        quarter,
        year,
        forecast,
      },
    };
  } finally {
    await http.request('DELETE', `/api/boards/${boardId}/permanent`, { token });
  }
}
