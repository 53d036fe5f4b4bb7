// @ts-check
// DATA_DIR as the server resolves it, and its lock: the same file and pid protocol as
// backend/src/database/data-dir-lock.ts, so a backup and a running server never meet.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The embedded database's folder, or a one-line reason why there is none to back up. */
export function embeddedDataDir(env = process.env) {
  if (env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: this server keeps its data in PostgreSQL; back it up with pg_dump (docs/operations.md)',
    );
  }
  const dataDir = env.DATA_DIR || './data';
  if (dataDir === 'memory') throw new Error('DATA_DIR=memory keeps nothing on disk to back up or restore');
  return resolve(dataDir);
}

/**
 * Takes DATA_DIR's lock for this process, or says which Papan process holds it.
 * @param {string} dataDir
 * @returns {() => void} releases the lock
 */
export function lockDataDir(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'papan.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && isAlive(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by a running Papan (pid ${owner}): stop the server first — the embedded database can only be backed up or restored while it is stopped`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}
