// @ts-check
// Automation under load (issue 35; docs/automation.md): 10 rules on the 2,000-card board ("when a
// card enters list i, comment on it", lists 1–10), 20 movers moving cards at random. Sampled every
// 100 ms from /api/metrics: the runner's backlog (events on the board its rules have not looked at
// yet). After the movers stop: how long until the backlog is 0 and every run's comment has reached
// a socket. For each run, the time from its trigger's `card.moved` to its `comment.created` on a
// socket in the board's room. The rules are deleted afterwards.
import { HttpClient } from '../lib/http.mjs';
import { cardPlaces, moveCard, pickMove, random } from '../lib/moves.mjs';
import { connect, joinBoard } from '../lib/sockets.mjs';
import { now, round, sleep, summarize } from '../lib/stats.mjs';

const RULES = 10;

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureRules(ctx) {
  const { server, board, size } = ctx;
  const http = new HttpClient(server.url, size.movers + 4);
  const owner = board.owner.token;
  const socket = await connect(server.url, board.viewer.token);
  /** @type {string[]} */
  const ruleIds = [];
  try {
    await joinBoard(socket, board.boardId);
    const current = await http.json('GET', `/api/boards/${board.boardId}`, { token: owner });
    const places = cardPlaces(current);
    const cards = [...places.keys()];
    const listIds = current.lists.map((/** @type {any} */ l) => l._id);
    const ruled = new Set(listIds.slice(1, 1 + RULES));
    for (const listId of ruled) {
      const rule = await http.json('POST', `/api/boards/${board.boardId}/rules`, {
        token: owner,
        body: {
          name: `Arrived ${ruleIds.length + 1}`,
          trigger: { type: 'card.enteredList', listId },
          actions: [{ type: 'comment', text: '{card} arrived' }],
        },
      });
      ruleIds.push(rule._id);
    }

    // A trigger's arrival per card (in order), then its rule's comment.
    /** @type {Map<string, number[]>} */
    const triggers = new Map();
    /** @type {number[]} */
    const latencies = [];
    let expected = 0;
    let lastRuleEventAt = 0;
    socket.on('board:event', (/** @type {any} */ e) => {
      const at = now();
      if (e.type === 'card.moved' && e.payload.cardId && ruled.has(e.payload.toListId)) {
        if (e.payload.fromListId === e.payload.toListId) return;
        const queue = triggers.get(e.payload.cardId) ?? [];
        queue.push(at);
        triggers.set(e.payload.cardId, queue);
      } else if (e.type === 'comment.created' && e.rule) {
        const started = triggers.get(e.payload.cardId)?.shift();
        if (started !== undefined) latencies.push(at - started);
        lastRuleEventAt = at;
      }
    });

    let maxBacklog = 0;
    let sampling = true;
    const backlogNow = async () => {
      const text = (await http.request('GET', '/api/metrics')).body.toString();
      const line = text.split('\n').find((l) => l.startsWith('papan_automation_backlog_events '));
      return line ? Number(line.split(' ')[1]) : NaN;
    };
    const sampler = (async () => {
      while (sampling) {
        maxBacklog = Math.max(maxBacklog, await backlogNow());
        await sleep(100);
      }
    })();

    const at = { boardId: board.boardId, token: owner, places };
    const start = now();
    let moves = 0;
    await Promise.all(
      Array.from({ length: size.movers }, async (_, k) => {
        const mine = cards.filter((_, i) => i % size.movers === k);
        const own = random(500 + k);
        const mover = { ...at, token: board.sessions[k % board.sessions.length].token };
        for (let i = 0; i < size.movesPerMover; i++) {
          const m = pickMove(own, mine, listIds, places);
          if (ruled.has(m.destListId)) expected++;
          await moveCard(http, mover, m.cardId, m.destListId, m.newPosition);
          moves++;
        }
      }),
    );
    const moversDone = now();
    // Drained: the backlog is 0 and every expected run's comment has been seen.
    let drainedAt = NaN;
    while (now() - moversDone < 30_000) {
      if ((await backlogNow()) === 0 && latencies.length >= expected) {
        drainedAt = Math.max(now(), lastRuleEventAt);
        break;
      }
      await sleep(50);
    }
    sampling = false;
    await sampler;
    const latency = summarize(latencies);
    return {
      name: 'rules',
      figures: [
        {
          id: 'rules.backlog-max',
          label: `Rule backlog, highest, ${RULES} rules and ${size.movers} movers`,
          value: maxBacklog,
          unit: 'events',
        },
        {
          id: 'rules.drain',
          label: 'Rule runs all done, after the movers stop',
          value: round(drainedAt - moversDone, 0),
          unit: 'ms',
        },
        {
          id: 'rules.socket-p50',
          label: "Trigger → the rule's change on a socket, p50",
          value: latency.p50,
          unit: 'ms',
        },
        {
          id: 'rules.socket-p99',
          label: "Trigger → the rule's change on a socket, p99",
          value: latency.p99,
          unit: 'ms',
        },
        {
          id: 'rules.runs-complete',
          label: 'Every triggering move ran its rule once',
          value: latencies.length === expected,
          unit: '',
        },
      ],
      details: {
        rules: RULES,
        movers: size.movers,
        moves,
        expectedRuns: expected,
        runsSeen: latencies.length,
        moveRate: round((moves / (moversDone - start)) * 1000, 0),
        latencyMs: latency,
      },
    };
  } finally {
    socket.close();
    for (const id of ruleIds) await http.request('DELETE', `/api/rules/${id}`, { token: owner });
    http.close();
  }
}
