// `npm start`: build what is missing or stale, then run the server on PORT (default 5000).
import { spawnSync } from 'node:child_process';
import { buildIfStale, ROOT } from './lib/build-if-stale.mjs';
import { SERVER_NODE_OPTIONS } from './lib/server-node-options.mjs';

buildIfStale();
const server = spawnSync(process.execPath, [...SERVER_NODE_OPTIONS, 'backend/dist/main.js'], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
