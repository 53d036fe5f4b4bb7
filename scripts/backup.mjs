// @ts-check
// `npm run backup [-- --out FILE]`: one .tar.gz holding a consistent dump of the embedded database
// (PGlite's own dump, taken while no server has DATA_DIR open) and DATA_DIR's uploads and
// jwt-secret. A running server holds DATA_DIR's lock: the backup then refuses and says so.
// For PostgreSQL (DATABASE_URL) use pg_dump: see docs/operations.md.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDataDir, lockDataDir } from './lib/data-dir.mjs';
import { tarPack } from './lib/tar.mjs';

const BACKUP_FORMAT = { format: 'papan-backup', version: 1 };

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const dataDir = embeddedDataDir();
  if (!existsSync(join(dataDir, 'pgdata'))) throw new Error(`No embedded database in ${dataDir}`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = resolve(values.out ?? `papan-backup-${stamp}.tar.gz`);
  const release = lockDataDir(dataDir);
  try {
    const db = await PGlite.create(join(dataDir, 'pgdata'));
    const dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    await db.close();
    const files = [
      {
        path: 'papan-backup.json',
        data: Buffer.from(JSON.stringify({ ...BACKUP_FORMAT, createdAt: new Date().toISOString() })),
      },
      { path: 'pgdata.tar', data: dump },
      ...filesUnder(dataDir, 'uploads'),
      ...(existsSync(join(dataDir, 'jwt-secret'))
        ? [{ path: 'jwt-secret', data: readFileSync(join(dataDir, 'jwt-secret')), mode: 0o600 }]
        : []),
    ];
    // Password hashes and the signing key are inside: only the owner may read the file.
    writeFileSync(out, gzipSync(tarPack(files)), { mode: 0o600 });
    console.log(`Backup of ${dataDir} written to ${out} (${files.length - 2} other files)`);
  } finally {
    release();
  }
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

/**
 * Every regular file under dataDir/folder, with its path relative to dataDir.
 * @param {string} dataDir @param {string} folder
 * @returns {{ path: string, data: Buffer }[]}
 */
function filesUnder(dataDir, folder) {
  const start = join(dataDir, folder);
  if (!existsSync(start)) return [];
  return readdirSync(start, { recursive: true, encoding: 'utf8' })
    .map((name) => join(start, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path: relative(dataDir, path).split('\\').join('/'), data: readFileSync(path) }));
}
