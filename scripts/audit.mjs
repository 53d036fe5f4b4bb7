// @ts-check
// `npm run audit`: the production dependencies must have no high or critical advisory, except the
// ones listed with a reason in scripts/audit-allowlist.json. A registry that cannot be reached is a
// loud warning, not a failure (the check needs the network; the build must not).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const ALLOWLIST_FILE = join(import.meta.dirname, 'audit-allowlist.json');
const BLOCKING = new Set(['high', 'critical']);

/**
 * @typedef {{ id: string, reason: string, expires?: string }} AllowEntry
 * @typedef {{ source?: number, url?: string, title?: string, severity?: string, name?: string }} Via
 * @typedef {{ name: string, severity: string, via: (Via | string)[], fixAvailable?: unknown }} Vulnerability
 */

/** @returns {AllowEntry[]} */
function readAllowlist() {
  const parsed = JSON.parse(readFileSync(ALLOWLIST_FILE, 'utf8'));
  const entries = Array.isArray(parsed) ? parsed : parsed.allow;
  if (!Array.isArray(entries)) throw new Error(`${ALLOWLIST_FILE}: expected {"allow": [...]}`);
  for (const e of entries) {
    if (typeof e?.id !== 'string' || typeof e?.reason !== 'string' || !e.reason.trim()) {
      throw new Error(
        `${ALLOWLIST_FILE}: every entry needs an "id" (advisory URL, GHSA id or package name) and a "reason"`,
      );
    }
  }
  return entries;
}

/** The advisory ids one vulnerable package is reported under: its advisory URLs, GHSA ids and name. */
function idsOf(/** @type {Vulnerability} */ v) {
  const ids = new Set([v.name]);
  for (const via of v.via) {
    if (typeof via === 'string') continue;
    if (via.url) {
      ids.add(via.url);
      const ghsa = /GHSA-[\w-]+/.exec(via.url)?.[0];
      if (ghsa) ids.add(ghsa);
    }
    if (via.source !== undefined) ids.add(String(via.source));
  }
  return [...ids];
}

function warnUnreachable(/** @type {string} */ detail) {
  const line = `WARNING: npm audit could not reach the registry; dependencies were NOT checked (${detail})`;
  console.warn(
    `\n${'!'.repeat(Math.min(line.length, 120))}\n${line}\n${'!'.repeat(Math.min(line.length, 120))}\n`,
  );
  process.exit(0);
}

// AUDIT_REPORT=file.json replays a saved `npm audit --json` answer (to check this script itself).
const run = process.env.AUDIT_REPORT
  ? { stdout: readFileSync(process.env.AUDIT_REPORT, 'utf8'), stderr: '', status: 1, error: undefined }
  : spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
if (run.error) warnUnreachable(run.error.message);

/**
 * @type {{ vulnerabilities?: Record<string, Vulnerability>, metadata?: { vulnerabilities?: Record<string, number> },
 *   error?: { code?: string, summary?: string }, message?: string, statusCode?: number }}
 */
let report = {};
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  warnUnreachable(`unreadable answer: ${(run.stderr || run.stdout).trim().split('\n').at(-1) ?? 'empty'}`);
}
if (report.error || !report.metadata) {
  const reason = [
    report.error?.code,
    report.error?.summary,
    report.message,
    run.stderr.match(/npm error .*/)?.[0],
  ]
    .filter(Boolean)
    .join(' | ');
  // No network, DNS, a proxy or mirror without the audit endpoint (HTTP 4xx/5xx from it): not our dependencies' fault.
  if (
    report.statusCode ||
    /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|network|socket|fetch|audit endpoint/i.test(
      `${reason} ${run.stderr}`,
    )
  ) {
    warnUnreachable(reason || 'no answer');
  }
  console.error(`npm audit failed: ${reason || run.stderr.trim() || `exit ${run.status}`}`);
  process.exit(1);
}

const allowlist = readAllowlist();
const today = new Date().toISOString().slice(0, 10);
const vulnerabilities = Object.values(report.vulnerabilities ?? {});
const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `npm audit --omit=dev: ${['critical', 'high', 'moderate', 'low', 'info']
    .map((s) => `${counts[s] ?? 0} ${s}`)
    .join(', ')}`,
);

const blocking = [];
const allowed = [];
for (const v of vulnerabilities.filter((x) => BLOCKING.has(x.severity))) {
  const ids = idsOf(v);
  const entry = allowlist.find((e) => ids.includes(e.id) && (!e.expires || e.expires >= today));
  const titles = v.via
    .filter((x) => typeof x !== 'string')
    .map((x) => `${x.title ?? ''} ${x.url ?? ''}`.trim());
  const line = `  ${v.severity.toUpperCase()} ${v.name}: ${titles.join('; ') || `via ${v.via.join(', ')}`}`;
  if (entry) allowed.push(`${line}\n    allowed: ${entry.reason}`);
  else blocking.push(line);
}

if (allowed.length) console.log(`Allowed by scripts/audit-allowlist.json:\n${allowed.join('\n')}`);
const stale = allowlist.filter((e) => e.expires && e.expires < today);
if (stale.length)
  console.warn(`Expired allow-list entries (no longer honoured): ${stale.map((e) => e.id).join(', ')}`);
if (blocking.length) {
  console.error(`\nFAIL: high or critical advisories in production dependencies:\n${blocking.join('\n')}`);
  console.error(
    'Upgrade the package (npm audit fix --omit=dev) or list it in scripts/audit-allowlist.json with a reason.',
  );
  process.exit(1);
}
console.log('OK: no high or critical advisory in production dependencies.');
