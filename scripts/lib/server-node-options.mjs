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
 *
 * `--max-old-space-size=1024` (MB): the highest RSS under the bench was request garbage waiting for
 * a full collection (500 polls in flight, the whole-board read). V8's heap controller lets the old
 * generation grow by a factor of up to 4 between full collections when the heap limit is 2 GB or
 * more (Node's default here is ~4 GB), and by a smaller factor under a smaller limit. With 1 GB, on PostgreSQL: idle 121 → 115 MB, highest 320–334 →
 * 187 MB, with the fan-out and polls unchanged and the whole-board read right after a change 74 →
 * 102 ms. 1 GB is several times what the largest work needs (a 20 MB import); `--optimize-for-size`
 * reached 157 MB but slowed the hot paths (docs/decisions.md).
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4', '--max-old-space-size=1024'];
