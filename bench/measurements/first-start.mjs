// @ts-check
// The one-command default's first start (issue 40): the built server on a new, empty DATA_DIR, as a
// new user's `npm start` runs it. Its highest RSS until /api/health answers (the kernel's
// high-water mark, VmHWM, so no peak falls between two samples), the time to healthy, and its RSS
// 30 s later (quick: 10 s).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../lib/server.mjs';
import { now, round, sleep } from '../lib/stats.mjs';

/** @param {{jwtSecret: string, quick: boolean}} options */
export async function measureFirstStart({ jwtSecret, quick }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'papan-first-start-'));
  const settleMs = quick ? 10_000 : 30_000;
  const started = now();
  const server = await startServer({ dataDir, databaseUrl: null, jwtSecret, name: 'first-start' });
  const healthyMs = now() - started;
  try {
    const highest = highWaterMb(server.pid);
    await sleep(settleMs);
    return {
      name: 'first-start',
      figures: [
        {
          id: 'first-start.healthy',
          label: 'First start, empty DATA_DIR: time to healthy',
          value: round(healthyMs, 0),
          unit: 'ms',
        },
        {
          id: 'first-start.peak',
          label: 'First start, empty DATA_DIR: highest RSS until healthy',
          value: round(highest, 0),
          unit: 'MB',
        },
        {
          id: 'first-start.settled',
          label: `First start, empty DATA_DIR: RSS ${settleMs / 1000} s after healthy`,
          value: round(server.rssMb(), 0),
          unit: 'MB',
        },
      ],
      details: { node: process.version, settleMs },
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The process's highest RSS so far, in MB. @param {number} pid */
function highWaterMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN) / 1024;
}
