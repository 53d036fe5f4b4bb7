// @ts-check
// Figures against bench/budgets.json: one JSON per measurement, summary.md and the printed table.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {object} Figure
 * @property {string} id
 * @property {string} label
 * @property {number | boolean | null} value null: not measured (see note)
 * @property {string} unit
 * @property {string} [note]
 */

/**
 * @typedef {object} Result
 * @property {string} name
 * @property {Figure[]} figures
 * @property {object} [details]
 * @property {string} [error]
 * @property {{ before: number[], after: number[] }} [loadAverage]
 * @property {number} [seconds]
 */

/** @typedef {{ max?: number, min?: number, equals?: unknown, unit?: string, source?: string }} Budget */

/** @type {Record<string, Budget>} */
const BUDGETS = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'budgets.json'), 'utf8')).figures;

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** @param {Figure} f */
export function verdict(f) {
  const b = BUDGETS[f.id];
  if (f.value === null) return { budget: b, ok: null };
  if (!b) return { budget: null, ok: null };
  if ('equals' in b) return { budget: b, ok: f.value === b.equals };
  if (typeof f.value !== 'number') return { budget: b, ok: null };
  const ok = (b.max === undefined || f.value <= b.max) && (b.min === undefined || f.value >= b.min);
  return { budget: b, ok };
}

/** @param {Budget | null | undefined} b */
function budgetText(b) {
  if (!b) return '—';
  if ('equals' in b) return b.equals === true ? 'yes' : String(b.equals);
  return b.max !== undefined ? `≤ ${b.max} ${b.unit ?? ''}`.trim() : `≥ ${b.min} ${b.unit ?? ''}`.trim();
}

/** @param {Figure} f */
function valueText(f) {
  if (f.value === null) return f.note ?? 'not measured';
  if (typeof f.value === 'boolean') return f.value ? 'yes' : 'NO';
  return `${f.value} ${f.unit}`.trim();
}

/** @param {Result[]} results */
export function table(results) {
  const rows = ['| Figure | Value | Budget | |', '| --- | --- | --- | --- |'];
  for (const r of results) {
    if (r.error && !r.figures.length) rows.push(`| ${r.name} | error: ${r.error} | — | ❌ |`);
    for (const f of r.figures) {
      const { budget, ok } = verdict(f);
      const mark = ok === true ? '✅' : ok === false ? '❌' : f.value === null ? '⏸' : '';
      rows.push(`| ${f.label} | ${valueText(f)} | ${budgetText(budget)} | ${mark} |`);
    }
  }
  return rows.join('\n');
}

/**
 * @param {string} dir
 * @param {Result[]} results
 * @param {{ quick: boolean, database: Record<string, string | undefined>, startedAt: string, seconds: number, notes: string[] }} run
 */
export function writeResults(dir, results, run) {
  mkdirSync(dir, { recursive: true });
  const about = {
    ranAt: run.startedAt,
    mode: run.quick ? 'quick' : 'full',
    machine: machine(),
    database: run.database,
  };
  for (const r of results) {
    const figures = r.figures.map((f) => {
      const { budget, ok } = verdict(f);
      return { ...f, budget, withinBudget: ok };
    });
    writeFileSync(join(dir, `${r.name}.json`), `${JSON.stringify({ ...about, ...r, figures }, null, 2)}\n`);
  }
  const m = about.machine;
  const summary = [
    `# Papan benchmark (${about.mode} run)`,
    '',
    `Ran ${run.startedAt} in ${Math.round(run.seconds)} s on ${m.cores} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}, ${m.os}.`,
    `Database: ${Object.values(run.database).filter(Boolean).join(' ')}. Load average (1/5/15 min) before and after each measurement is in its JSON;`,
    `at the end: ${loadAverage().join(' / ')} — other work on this machine makes the figures noisy.`,
    '',
    table(results),
    '',
    ...(run.notes.length ? ['## Notes', '', ...run.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
  writeFileSync(join(dir, 'summary.md'), summary);
  return summary;
}
