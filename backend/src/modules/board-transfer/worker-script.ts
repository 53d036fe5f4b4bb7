import { join, resolve } from 'node:path';

/** What `new Worker(script, { eval })` runs. */
export interface WorkerScript {
  script: string;
  eval: boolean;
}

const BACKEND = resolve(__dirname, '../../..');

/**
 * The script of the worker thread `<name>` of this folder: in the built server the compiled
 * `<name>.js` beside this file. The backend's tests run the TypeScript sources (@swc/jest, which a
 * worker thread does not inherit), so from sources the worker starts with a bootstrap that
 * compiles `<name>.ts` and what it requires with swc, and finds @papan/shared in its sources as
 * jest.config.js does.
 */
export function workerScript(name: string): WorkerScript {
  if (!__filename.endsWith('.ts')) return { script: join(__dirname, `${name}.js`), eval: false };
  const paths = {
    entry: join(__dirname, `${name}.ts`),
    swcrc: join(BACKEND, '.swcrc'),
    shared: join(BACKEND, '../shared/src/index.ts'),
  };
  return { script: `(${fromSources.toString()})(${JSON.stringify(paths)})`, eval: true };
}

/** Runs in the worker, as source text: registers the .ts compiler, then requires the entry. */
function fromSources(paths: { entry: string; swcrc: string; shared: string }): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- runs as eval'd CommonJS in the worker */
  const Module = require('node:module');
  const { readFileSync } = require('node:fs');
  const { transformSync } = Module.createRequire(paths.entry)('@swc/core');
  const options = { ...JSON.parse(readFileSync(paths.swcrc, 'utf8')), swcrc: false };
  Module._extensions['.ts'] = (module: { _compile(code: string, file: string): void }, file: string) =>
    module._compile(transformSync(readFileSync(file, 'utf8'), { ...options, filename: file }).code, file);
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    return resolveFilename.call(this, request === '@papan/shared' ? paths.shared : request, ...rest);
  };
  require(paths.entry);
  /* eslint-enable @typescript-eslint/no-require-imports */
}
