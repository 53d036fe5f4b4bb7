import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLock } from './data-dir-lock';

describe(DataDirLock.name, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'papan-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a folder held by another live process, with a clear message', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(join(dir, 'papan.lock'), String(other.pid));
      expect(() => DataDirLock.acquire(dir)).toThrow(/in use by another Papan process/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it', () => {
    writeFileSync(join(dir, 'papan.lock'), '999999');
    const sut = DataDirLock.acquire(dir);
    expect(existsSync(join(dir, 'papan.lock'))).toBe(true);
    sut.release();
    expect(existsSync(join(dir, 'papan.lock'))).toBe(false);
  });
});
