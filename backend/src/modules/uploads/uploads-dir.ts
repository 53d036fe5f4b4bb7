import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../common/config/app-config';

/** DATA_DIR/uploads, or a temporary folder of this process when DATA_DIR=memory. */
export function resolveUploadsDir(config: AppConfig): string {
  if (!config.dataDir) return mkdtempSync(join(tmpdir(), 'papan-uploads-'));
  const dir = join(config.dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  return dir;
}
