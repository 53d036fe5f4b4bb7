// @ts-check
// `npm run build` when a built part is missing or older than its sources (as scripts/start.mjs does).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.mjs';

const PARTS = [
  { sources: ['shared/src'], output: 'shared/dist/index.js' },
  { sources: ['backend/src', 'shared/src'], output: 'backend/dist/main.js' },
  {
    sources: ['frontend/src', 'frontend/public', 'frontend/index.html', 'shared/src'],
    output: 'frontend/dist/index.html',
  },
];

export function buildIfNeeded() {
  const stale = PARTS.some((part) => {
    const output = join(ROOT, part.output);
    const built = existsSync(output) ? statSync(output).mtimeMs : 0;
    return part.sources.some((s) => newestChange(join(ROOT, s)) > built);
  });
  if (!stale) return false;
  console.log('Building (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
  return true;
}

/** @param {string} path @returns {number} */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestChange(join(path, name))), stat.mtimeMs);
}
