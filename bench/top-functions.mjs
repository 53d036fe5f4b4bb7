// @ts-check
// `node bench/top-functions.mjs <file.cpuprofile> [count] [lastSeconds]`: where a V8 CPU profile
// (`npm run bench -- --profile`) spent its time — self time per package and per function, heaviest
// first; with `lastSeconds`, only the end of the profile (the measurement, not the start-up).
import { readFileSync } from 'node:fs';

const [file, count = '25', lastSeconds] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/top-functions.mjs <file.cpuprofile> [count] [lastSeconds]');
  process.exit(2);
}
/** @type {{ startTime: number, endTime: number, nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
/** @type {Map<string, number>} */
const fns = new Map();
/** @type {Map<string, number>} */
const packages = new Map();
let total = 0;
const from = lastSeconds ? profile.endTime - Number(lastSeconds) * 1e6 : -Infinity;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  at += us;
  if (at < from) return;
  const frame = byId.get(id)?.callFrame;
  if (!frame) return;
  total += us;
  const where = frame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '');
  const fn = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
  fns.set(fn, (fns.get(fn) ?? 0) + us);
  const pkg =
    /^(@[^/]+\/[^/]+|[^/]+)/.exec(frame.url.includes('node_modules') ? where : '')?.[1] ??
    (where || frame.functionName);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
});
/** @param {Map<string, number>} map */
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(count))
    .map(
      ([k, us]) =>
        `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`,
    )
    .join('\n');
console.log(
  `Total ${(total / 1000).toFixed(0)} ms sampled.\n\nBy package or file:\n${top(packages)}\n\nBy function (self time):\n${top(fns)}`,
);
