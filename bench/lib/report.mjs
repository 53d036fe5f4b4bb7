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
 * @property {Store} [store] the database it ran on; none for figures that need none (first-screen JS)
 * @property {Figure[]} figures
 * @property {object} [details]
 * @property {string} [error]
 * @property {{ before: number[], after: number[] }} [loadAverage]
 * @property {number} [seconds]
 */

/** @typedef {'pglite' | 'postgres'} Store */
/** @typedef {{ max?: number, min?: number, equals?: unknown, unit?: string, source?: string }} Budget */

/** @type {Record<string, Budget & { postgres?: Budget }>} */
const BUDGETS = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'budgets.json'), 'utf8')).figures;

export const STORE_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The target of figure `id` on `store`: the shared one, with the PostgreSQL override applied. */
export function budgetOf(/** @type {string} */ id, /** @type {Store | undefined} */ store) {
  const entry = BUDGETS[id];
  if (!entry) return null;
  const { postgres, ...shared } = entry;
  return store === 'postgres' && postgres ? { ...shared, ...postgres } : shared;
}

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

/** @param {Figure} f @param {Store | undefined} store */
export function verdict(f, store) {
  const b = budgetOf(f.id, store);
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

/** @param {Figure} f @param {Store | undefined} store */
function cell(f, store) {
  const { budget, ok } = verdict(f, store);
  const mark = ok === true ? '✅' : ok === false ? '❌' : f.value === null ? '⏸' : '';
  return [budgetText(budget), `${valueText(f)} ${mark}`.trim()];
}

/**
 * One row per figure, a target and a value with its verdict per store. A figure that needs no
 * database (first-screen JS) fills the first store's columns; a store that did not run says `—`.
 * @param {Result[]} results
 */
export function table(results) {
  const stores = /** @type {Store[]} */ (['pglite', 'postgres']).filter((s) =>
    results.some((r) => r.store === s),
  );
  const columns = stores.length ? stores : /** @type {Store[]} */ (['pglite']);
  const header = columns.map((s) => `Target ${STORE_NAMES[s]} | ${STORE_NAMES[s]}`).join(' | ');
  const rows = [`| Figure | ${header} |`, `| --- |${' --- | --- |'.repeat(columns.length)}`];
  /** @type {Map<string, { label: string, cells: Map<Store | undefined, string[]> }>} */
  const byId = new Map();
  for (const r of results) {
    if (r.error && !r.figures.length) {
      byId.set(`${r.name}:error:${r.store}`, {
        label: r.name,
        cells: new Map([[r.store, ['—', `error: ${r.error} ❌`]]]),
      });
    }
    for (const f of r.figures) {
      const row = byId.get(f.id) ?? { label: f.label, cells: new Map() };
      row.cells.set(r.store, cell(f, r.store));
      byId.set(f.id, row);
    }
  }
  for (const { label, cells } of byId.values()) {
    const shared = cells.get(undefined);
    const parts = columns.map((s, i) =>
      (cells.get(s) ?? (i === 0 ? shared : undefined) ?? ['—', '—']).join(' | '),
    );
    rows.push(`| ${label} | ${parts.join(' | ')} |`);
  }
  return rows.join('\n');
}

/**
 * @param {string} dir
 * @param {Result[]} results
 * @param {{ quick: boolean, databases: Partial<Record<Store, { kind: string, version?: string }>>, startedAt: string, loadAtStart: number[], seconds: number, notes: string[] }} run
 */
export function writeResults(dir, results, run) {
  mkdirSync(dir, { recursive: true });
  const about = {
    ranAt: run.startedAt,
    mode: run.quick ? 'quick' : 'full',
    machine: machine(),
    loadAtStart: run.loadAtStart,
  };
  for (const r of results) {
    const figures = r.figures.map((f) => {
      const { budget, ok } = verdict(f, r.store);
      return { ...f, budget, withinBudget: ok };
    });
    const file = r.store ? `${r.name}.${r.store}.json` : `${r.name}.json`;
    const database = r.store ? run.databases[r.store] : undefined;
    writeFileSync(join(dir, file), `${JSON.stringify({ ...about, database, ...r, figures }, null, 2)}\n`);
  }
  const m = about.machine;
  const summary = [
    `# Papan benchmark (${about.mode} run)`,
    '',
    `Ran ${run.startedAt} in ${Math.round(run.seconds)} s on ${m.cores} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}, ${m.os}.`,
    `Databases: ${Object.entries(run.databases)
      .map(([store, d]) => `${STORE_NAMES[/** @type {Store} */ (store)]} ${d.version ?? ''}`.trim())
      .join(', ')}, each store measured in turn on a server of its own.`,
    idleSentence(run.loadAtStart),
    `Load average (1/5/15 min) before and after each measurement is in its JSON; at the end: ${loadAverage().join(' / ')}.`,
    '',
    table(results),
    '',
    ...(run.notes.length ? ['## Notes', '', ...run.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
  writeFileSync(join(dir, 'summary.md'), summary);
  return summary;
}

/** Below this 1-minute load average at the start (on 2 cores: a quarter of the machine busy), a run counts as idle. */
const IDLE_LOAD = 0.5;

/** Whether other work shared the machine when the run began (the bench's own load comes after). */
export function idleSentence(/** @type {number[]} */ loadAtStart) {
  const [one, five] = loadAtStart;
  return one <= IDLE_LOAD && five <= IDLE_LOAD
    ? `The machine was idle when the run began (load average ${loadAtStart.join(' / ')}).`
    : `The machine was NOT idle when the run began (load average ${loadAtStart.join(' / ')}): other work competed for the cores, so latencies are inflated and noisy.`;
}
