// A provider class crosses a backend module's boundary only when a Nest module exports it:
// `import { X } from '../<other module>/…'` is refused when X is an @Injectable / @Controller /
// @WebSocketGateway class that no `*.module.ts` of its own folder (nor a @Global() module) lists in
// `exports`. Plain functions, types and constants are exported by TypeScript alone and pass.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const PROVIDER =
  /@(?:Injectable|Controller|WebSocketGateway)\([^)]*\)\s*export\s+(?:abstract\s+)?class\s+(\w+)/g;
const EXPORTS = /exports:\s*\[([^\]]*)\]/g;

const fileCache = new Map();
function read(file) {
  if (!fileCache.has(file)) fileCache.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
  return fileCache.get(file);
}

/** The class names each modules folder makes public: its own modules' exports, plus every @Global() module's. */
const exportCache = new Map();
function exported(modulesRoot) {
  if (exportCache.has(modulesRoot)) return exportCache.get(modulesRoot);
  const byFolder = new Map();
  const global = new Set();
  for (const folder of readdirSync(modulesRoot, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const names = new Set();
    for (const file of readdirSync(join(modulesRoot, folder.name))) {
      if (!file.endsWith('.module.ts')) continue;
      const text = read(join(modulesRoot, folder.name, file)) ?? '';
      for (const m of text.matchAll(EXPORTS))
        for (const name of m[1]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          names.add(name);
          if (text.includes('@Global()')) global.add(name);
        }
    }
    byFolder.set(folder.name, names);
  }
  const result = { byFolder, global };
  exportCache.set(modulesRoot, result);
  return result;
}

/** `…/src/modules/<name>/…` → { root: '…/src/modules', name }; otherwise null. */
function moduleOf(file) {
  const parts = file.split(sep);
  const i = parts.lastIndexOf('modules');
  if (i < 1 || parts[i - 1] !== 'src' || i + 2 >= parts.length) return null;
  return { root: parts.slice(0, i + 1).join(sep), name: parts[i + 1] };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Backend modules import each other only through what their Nest modules export.' },
    schema: [],
    messages: {
      notExported:
        "'{{name}}' is not exported by the {{module}} module: add it to a `*.module.ts` `exports` there and import that module, or keep the class in your own module.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = resolve(dirname(file), source) + '.ts';
        const to = moduleOf(target);
        if (!to || to.name === from.name || to.root !== from.root) return;
        const text = read(target);
        if (!text) return;
        const providers = new Set([...text.matchAll(PROVIDER)].map((m) => m[1]));
        if (!providers.size) return;
        const { byFolder, global } = exported(to.root);
        const public_ = byFolder.get(to.name) ?? new Set();
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') continue;
          const name = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
          if (providers.has(name) && !public_.has(name) && !global.has(name))
            context.report({ node: spec, messageId: 'notExported', data: { name, module: to.name } });
        }
      },
    };
  },
};
