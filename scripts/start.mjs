// `npm start`: build what is missing or stale, then run the server on PORT (default 5000).
import { spawnSync } from 'node:child_process';
import { buildIfStale, ROOT } from './lib/build-if-stale.mjs';

buildIfStale();
const server = spawnSync(process.execPath, ['backend/dist/main.js'], { cwd: ROOT, stdio: 'inherit' });
process.exit(server.status ?? 0);
