import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The embedded database's first start (docs/operations.md, "Memory"). PGlite creating a data
 * directory runs initdb inside its WebAssembly instance, whose memory never shrinks: the server
 * that did it peaked at ~770 MB and stayed at 320–390 MB. So the build makes a migrated data
 * directory once, in a process of its own (`backend/scripts/pglite-template.mjs`), and a server
 * starting on an empty `DATA_DIR` copies it and opens it as a restart does. The server still runs
 * the migrations on it: any added since the build are applied as on any other database.
 */
export const TEMPLATE_DIR = resolve(__dirname, '../pglite-template');

/** What a template is good for: the PGlite that made it, and the migrations it holds. */
export interface TemplateKey {
  pglite: string;
  migrations: number;
}

/** The installed PGlite's version (its package.json is not exported: found from its entry point). */
function pgliteVersion(): string {
  let dir = dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export function currentTemplateKey(migrationsFolder: string): TemplateKey {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return { pglite: pgliteVersion(), migrations: journal.entries.length };
}

function keyFile(dir: string): string {
  return join(dir, 'template.json');
}

/** The template's key, or null when there is none (a server run from the sources, in the tests). */
export function templateKeyOf(dir = TEMPLATE_DIR): TemplateKey | null {
  try {
    return JSON.parse(readFileSync(keyFile(dir), 'utf8')) as TemplateKey;
  } catch {
    return null;
  }
}

export function writeTemplateKey(dir: string, key: TemplateKey): void {
  writeFileSync(keyFile(dir), JSON.stringify(key));
}

/**
 * Gives an empty `pgdata` the template's files, when a template made by this PGlite exists (one
 * from another version may not open: PGlite's own initdb runs instead). Copied next to it and
 * renamed, so a start cut short leaves no half a database. Answers whether it did.
 */
export function seedFromTemplate(pgdata: string, dir = TEMPLATE_DIR): boolean {
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) return false;
  const key = templateKeyOf(dir);
  if (!key || key.pglite !== pgliteVersion()) return false;
  const staging = `${pgdata}.seeding`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(join(dir, 'pgdata'), staging, { recursive: true });
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(staging, pgdata);
  return true;
}
