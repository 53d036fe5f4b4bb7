// @ts-check
// Builds the workspaces whose sources changed since their last build (npm start, npm run cluster).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

const PARTS = [
  { workspace: '@papan/shared', sources: ['shared/src'], output: 'shared/dist/index.js' },
  { workspace: '@papan/backend', sources: ['backend/src', 'shared/src'], output: 'backend/dist/main.js' },
  {
    workspace: '@papan/frontend',
    sources: ['frontend/src', 'frontend/public', 'frontend/index.html', 'shared/src'],
    output: 'frontend/dist/index.html',
  },
];

/** Exits the process with the build's status when a build fails. */
export function buildIfStale() {
  for (const part of PARTS) {
    const output = join(ROOT, part.output);
    const built = existsSync(output) ? statSync(output).mtimeMs : 0;
    if (part.sources.some((s) => newestChange(join(ROOT, s)) > built)) {
      console.log(`Building ${part.workspace}...`);
      const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}

/** @param {string} path @returns {number} */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestChange(join(path, name))), stat.mtimeMs);
}
