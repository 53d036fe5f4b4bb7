// @ts-check
/**
 * The Node.js options the server runs with, wherever it is started: `npm start`, `npm run cluster`,
 * the soak, the end-to-end runner, the bench (which measures what production runs) and the Docker
 * image (docker/Dockerfile repeats them; it runs no script).
 *
 * `--max-semi-space-size=4` (MB): V8's young generation grows to 16 MB semi-spaces by default, and
 * once grown it stays resident; a server's garbage is short-lived request work that small
 * semi-spaces collect as well. Measured with the bench on PostgreSQL (quick runs): idle RSS
 * 138 → 116 MB, highest under load 371 → 282 MB, with latencies and moves unchanged.
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4'];
