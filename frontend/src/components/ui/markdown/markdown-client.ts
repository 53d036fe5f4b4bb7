import type { Mentionable } from '@papan/shared';
import type { Root } from 'hast';

export interface ParseRequest {
  id: number;
  source: string;
  people: Mentionable[];
}
/** The safe tree, or null when the text could not be parsed (it then shows as plain text). */
export interface ParseAnswer {
  id: number;
  tree: Root | null;
}

/** Longer than any honest description takes; then the worker is ended and the text stays plain. */
export const PARSE_TIME_LIMIT_MS = 2000;
const CACHE_SIZE = 100;

const cache = new Map<string, Root | null>();
const waiting = new Map<
  number,
  { request: ParseRequest; key: string; resolve: (tree: Root | null) => void }
>();
let worker: Worker | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let broken = false;

function remember(key: string, tree: Root | null) {
  cache.delete(key);
  cache.set(key, tree);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

function settle(id: number, tree: Root | null) {
  const entry = waiting.get(id);
  if (!entry) return;
  waiting.delete(id);
  remember(entry.key, tree);
  entry.resolve(tree);
}

/** The worker answers in order: the time limit runs for the oldest request still waiting. */
function watchOldest() {
  clearTimeout(timer);
  const oldest = waiting.keys().next();
  if (oldest.done) return;
  timer = setTimeout(() => {
    worker?.terminate();
    worker = null;
    settle(oldest.value, null);
    for (const { request } of waiting.values()) startWorker().postMessage(request);
    watchOldest();
  }, PARSE_TIME_LIMIT_MS);
}

function startWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<ParseAnswer>) => {
    settle(event.data.id, event.data.tree);
    watchOldest();
  };
  // A worker that cannot start answers nothing: what waits, and what comes later, stays plain text.
  worker.onerror = (event) => {
    event.preventDefault();
    console.error('The Markdown worker failed', event.message);
    broken = true;
    clearTimeout(timer);
    for (const id of [...waiting.keys()]) settle(id, null);
  };
  return worker;
}

/** A cached tree, when this text (with these people) was parsed before. */
export function cachedTree(source: string, people: readonly Mentionable[]): Root | null | undefined {
  return cache.get(cacheKey(source, people));
}

const cacheKey = (source: string, people: readonly Mentionable[]) =>
  JSON.stringify([source, people.map((person) => [person._id, person.name])]);

/** Markdown to its safe tree, off the main thread (docs/decisions.md, "Markdown"). */
export function parseMarkdown(source: string, people: readonly Mentionable[]): Promise<Root | null> {
  const key = cacheKey(source, people);
  if (cache.has(key)) return Promise.resolve(cache.get(key)!);
  if (broken) return Promise.resolve(null);
  // Without workers (the component tests' DOM) the same pipeline runs here.
  if (typeof Worker === 'undefined')
    return import('./markdown-pipeline').then(
      ({ toSafeTree }) => {
        const tree = toSafeTree(source, people);
        remember(key, tree);
        return tree;
      },
      () => null,
    );
  const request: ParseRequest = {
    id: nextId++,
    source,
    people: people.map(({ _id, name }) => ({ _id, name })),
  };
  return new Promise((resolve) => {
    waiting.set(request.id, { request, key, resolve });
    startWorker().postMessage(request);
    if (waiting.size === 1) watchOldest();
  });
}
