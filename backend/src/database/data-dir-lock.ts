import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database belongs to one process: two PGlite processes on one folder corrupt it.
 * The lock is a file holding the owner's pid; a lock left by a dead process is taken over.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(dataDir: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'papan.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return new DataDirLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const owner = Number(readFileSync(file, 'utf8'));
        if (owner && isAlive(owner)) {
          throw new Error(
            `DATA_DIR ${dataDir} is in use by another Papan process (pid ${owner}); stop it or choose another DATA_DIR`,
          );
        }
        rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not lock DATA_DIR ${dataDir}`);
  }

  release(): void {
    rmSync(this.file, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
