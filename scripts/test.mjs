// @ts-check
// `npm test`: every check the project has, in order: typecheck, lint, the backend suites, the
// frontend suites, the journeys. A step that fails does not stop the ones after it, so one run names
// every failure; the run ends with each step's time and result, and exits 1 if any step failed
// (docs/operations.md, "CI").
import { spawnSync } from 'node:child_process';

const STEPS = ['typecheck', 'lint', 'test:backend', 'test:frontend', 'test:e2e'];

const results = STEPS.map((script) => {
  const started = Date.now();
  console.log(`\n== npm run ${script} ==`);
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  return { script, seconds: Math.round((Date.now() - started) / 1000), ok: run.status === 0 };
});

console.log('\n== npm test: steps ==');
for (const { script, seconds, ok } of results)
  console.log(`${String(seconds).padStart(6)}s  ${ok ? 'passed' : 'FAILED'}  ${script}`);
const failed = results.filter((result) => !result.ok).map((result) => result.script);
if (failed.length) {
  console.log(`npm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
