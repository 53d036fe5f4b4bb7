// @ts-check
// The JavaScript a first visit downloads before anything shows: the entry script of the built
// index.html and every module it preloads, each gzipped (zlib level 6, what servers send).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/server.mjs';
import { round } from '../lib/stats.mjs';

export function measureFirstScreenJs() {
  const dist = join(ROOT, 'frontend', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);
  const attr = (/** @type {string} */ tag, /** @type {string} */ name) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const files = [
    ...tags.filter((t) => t.startsWith('<script') && attr(t, 'type') === 'module').map((t) => attr(t, 'src')),
    ...tags
      .filter((t) => t.startsWith('<link') && attr(t, 'rel') === 'modulepreload')
      .map((t) => attr(t, 'href')),
  ].filter((f) => typeof f === 'string');
  const sizes = [...new Set(files)].map((file) => {
    const bytes = readFileSync(join(dist, file.replace(/^\//, '')));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
  });
  const gzip = sizes.reduce((s, f) => s + f.gzip, 0);
  return {
    name: 'first-screen-js',
    figures: [
      {
        id: 'frontend.first-screen-js',
        label: `First screen JavaScript (${sizes.length} files), gzip`,
        value: round(gzip / 1000, 1),
        unit: 'kB',
      },
    ],
    details: { files: sizes, raw: sizes.reduce((s, f) => s + f.raw, 0), gzip },
  };
}
