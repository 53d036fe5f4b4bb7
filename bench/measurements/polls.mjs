// @ts-check
// The 5-second poll: conditional board reads (If-None-Match → 304) by many simulated browsers, each
// with its own login session, over keep-alive connections. Two phases:
// - paced: every poller once per 5 s, spread evenly (what 500 open boards really send): latency,
//   and the server's CPU share from /proc/<pid>/stat over the phase;
// - saturated: every poller asks again as soon as answered: polls per second and CPU per poll.
import { HttpClient } from '../lib/http.mjs';
import { now, round, sleep, summarize } from '../lib/stats.mjs';

const POLL_EVERY_MS = 5000;

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measurePolls(ctx) {
  const { server, board, size } = ctx;
  const pollers = size.pollers;
  const http = new HttpClient(server.url, pollers);
  const path = `/api/boards/${board.boardId}`;
  const tokens = board.sessions.map((s) => s.token);
  const first = await http.request('GET', path, { token: tokens[0] });
  const etag = String(first.headers.etag);
  let errors = 0;
  /** @param {number} i */
  const poll = async (i) => {
    const t0 = now();
    try {
      const reply = await http.request('GET', path, {
        token: tokens[i % tokens.length],
        headers: { 'if-none-match': etag },
      });
      if (reply.status !== 304) errors++;
    } catch {
      errors++;
    }
    return now() - t0;
  };

  try {
    // Open the pollers' connections and warm the path up.
    await Promise.all(Array.from({ length: pollers }, (_, i) => poll(i)));

    const paced = await pacedPhase(poll, pollers, size.pollPacedMs, server);
    const saturated = await saturatedPhase(poll, pollers, size.pollSaturatedMs, server);
    const cpuPerPoll = saturated.cpuMs / saturated.polls;
    return {
      name: 'polls',
      figures: [
        {
          id: 'polls.p50',
          label: `304 poll p50 (${pollers} pollers, every 5 s)`,
          value: paced.latency.p50,
          unit: 'ms',
        },
        {
          id: 'polls.p99',
          label: `304 poll p99 (${pollers} pollers, every 5 s)`,
          value: paced.latency.p99,
          unit: 'ms',
        },
        {
          id: 'polls.core-share',
          label: `Server CPU for ${pollers} pollers every 5 s`,
          value: paced.coreShare,
          unit: '% of a core',
        },
        {
          id: 'polls.rate',
          label: `304 polls per second, ${pollers} pollers flat out`,
          value: saturated.rate,
          unit: 'polls/s',
        },
        {
          id: 'polls.cpu-per-poll',
          label: 'Server CPU per 304 poll',
          value: round(cpuPerPoll, 3),
          unit: 'ms',
        },
      ],
      details: { pollers, sessions: tokens.length, etag, errors, paced, saturated },
    };
  } finally {
    http.close();
  }
}

/**
 * @param {(i: number) => Promise<number>} poll
 * @param {number} pollers @param {number} durationMs
 * @param {import('../lib/server.mjs').BenchServer} server
 */
async function pacedPhase(poll, pollers, durationMs, server) {
  const gap = POLL_EVERY_MS / pollers;
  const count = Math.floor(durationMs / gap);
  /** @type {Promise<number>[]} */
  const pending = [];
  const cpu0 = server.cpuMs();
  const start = now();
  for (let i = 0; i < count; i++) {
    const due = start + i * gap;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    pending.push(poll(i));
  }
  const times = await Promise.all(pending);
  const wallMs = now() - start;
  const cpuMs = server.cpuMs() - cpu0;
  return {
    polls: count,
    wallMs: round(wallMs, 0),
    latency: summarize(times),
    cpuMs,
    coreShare: round((cpuMs / wallMs) * 100, 1),
  };
}

/**
 * @param {(i: number) => Promise<number>} poll
 * @param {number} pollers @param {number} durationMs
 * @param {import('../lib/server.mjs').BenchServer} server
 */
async function saturatedPhase(poll, pollers, durationMs, server) {
  let polls = 0;
  let measuring = false;
  let stop = false;
  /** @type {number[]} */
  const times = [];
  const loop = async (/** @type {number} */ i) => {
    while (!stop) {
      const ms = await poll(i);
      if (measuring) {
        polls++;
        times.push(ms);
      }
    }
  };
  const loops = Array.from({ length: pollers }, (_, i) => loop(i));
  await sleep(1000); // warm-up at full speed
  const cpu0 = server.cpuMs();
  const start = now();
  measuring = true;
  await sleep(durationMs);
  measuring = false;
  const wallMs = now() - start;
  const cpuMs = server.cpuMs() - cpu0;
  stop = true;
  await Promise.all(loops);
  return {
    polls,
    wallMs: round(wallMs, 0),
    rate: round((polls / wallMs) * 1000, 0),
    cpuMs,
    latency: summarize(times),
  };
}
