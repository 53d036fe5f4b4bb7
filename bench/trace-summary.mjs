// @ts-check
// `node bench/trace-summary.mjs <trace.json> [count]`: where a Chromium trace (`npm run bench --
// --profile` writes one of the board's render) spent the page's main thread — the time of each
// kind of task (script, style, layout, paint, …), heaviest first. Nested events count in their own
// row too, so the rows overlap; `RunTask` is the thread's busy time.
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/trace-summary.mjs <trace.json> [count]');
  process.exit(2);
}
/** @type {{ name: string, ph: string, tid: number, ts: number, dur?: number }[]} */
const events = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
// The renderer's main thread is the one that lays out.
/** @type {Map<number, number>} */
const layouts = new Map();
for (const e of events) if (e.name === 'Layout') layouts.set(e.tid, (layouts.get(e.tid) ?? 0) + 1);
const main = [...layouts].sort((a, b) => b[1] - a[1])[0]?.[0];
/** @type {Map<string, number>} */
const totals = new Map();
let first = Infinity;
let last = 0;
for (const e of events) {
  if (e.tid !== main || e.ph !== 'X' || !e.dur) continue;
  totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur);
  first = Math.min(first, e.ts);
  last = Math.max(last, e.ts + e.dur);
}
console.log(`Main thread, ${((last - first) / 1000).toFixed(0)} ms from its first task to its last.`);
for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
  console.log(`${(us / 1000).toFixed(1).padStart(9)} ms  ${name}`);
