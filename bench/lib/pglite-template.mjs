// @ts-check
// A migrated, empty PGlite data directory, made once and copied into each run's DATA_DIR: a fresh
// one costs an initdb and every migration (seconds of WASM). Kept in bench/results/tmp/, keyed by
// the PGlite version and the migrations, so a new migration makes a new one.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROOT } from './server.mjs';

const requireBackend = createRequire(join(ROOT, 'backend', 'package.json'));
const CACHE = join(ROOT, 'bench', 'results', 'tmp');

/** Copies a migrated empty database into `dataDir` (a new DATA_DIR). @param {string} dataDir */
export async function copyMigratedPglite(dataDir) {
  const template = join(CACHE, `pglite-${key()}`);
  if (!existsSync(template)) {
    const building = `${template}.${process.pid}`;
    const { openDatabase } = requireBackend('./dist/database/database.js');
    const handle = await openDatabase({ databaseUrl: null, dataDir: building });
    await handle.close();
    renameSync(building, template);
  }
  cpSync(template, dataDir, { recursive: true });
}

function key() {
  const hash = createHash('sha256');
  const entry = requireBackend.resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(dirname(entry)), 'package.json')));
  const migrations = join(ROOT, 'backend', 'drizzle');
  for (const file of listFiles(migrations)) hash.update(file).update(readFileSync(join(migrations, file)));
  return hash.digest('hex').slice(0, 12);
}

/** @param {string} dir @param {string} [prefix] @returns {string[]} */
function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const rel = join(prefix, name);
      return statSync(join(dir, rel)).isDirectory() ? listFiles(dir, rel) : [rel];
    });
}

/** Removes templates of older migrations. */
export function pruneTemplates() {
  if (!existsSync(CACHE)) return;
  const current = `pglite-${key()}`;
  for (const name of readdirSync(CACHE)) {
    if (name.startsWith('pglite-') && name !== current)
      rmSync(join(CACHE, name), { recursive: true, force: true });
  }
}
