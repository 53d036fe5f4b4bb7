// @ts-check
// `npm run restore FILE`: puts a backup made by `npm run backup` into an empty DATA_DIR (a new
// folder, or an empty one); a folder with anything in it is refused, so nothing is overwritten.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDataDir, lockDataDir } from './lib/data-dir.mjs';
import { tarUnpack } from './lib/tar.mjs';

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new Error('usage: npm run restore FILE (into an empty DATA_DIR)');
  const file = resolve(positionals[0]);
  const dataDir = embeddedDataDir();
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty folder (move the current one away first)`,
    );
  }
  const files = tarUnpack(gunzipSync(readFileSync(file)));
  const manifest = files.find((f) => f.path === 'papan-backup.json');
  const pgdata = files.find((f) => f.path === 'pgdata.tar');
  const format = manifest ? JSON.parse(manifest.data.toString('utf8')) : null;
  if (format?.format !== 'papan-backup' || format.version !== 1 || !pgdata) {
    throw new Error(`${file} is not a Papan backup made by npm run backup`);
  }
  const release = lockDataDir(dataDir);
  try {
    for (const entry of files) {
      if (entry.path !== 'jwt-secret' && !entry.path.startsWith('uploads/')) continue;
      mkdirSync(dirname(join(dataDir, entry.path)), { recursive: true });
      writeFileSync(join(dataDir, entry.path), entry.data, {
        mode: entry.path === 'jwt-secret' ? 0o600 : 0o644,
      });
    }
    const db = await PGlite.create(join(dataDir, 'pgdata'), { loadDataDir: new Blob([pgdata.data]) });
    await db.query('select 1');
    await db.close();
  } catch (err) {
    // The folder was empty: leave it empty again, so a second try starts clean.
    for (const name of readdirSync(dataDir))
      if (name !== 'papan.lock') rmSync(join(dataDir, name), { recursive: true });
    throw err;
  } finally {
    release();
  }
  console.log(`Restored ${file} (created ${format.createdAt}) into ${dataDir}`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
