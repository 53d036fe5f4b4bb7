import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * One change waiting to reach the server (docs/architecture.md, "The outbox"): the request as it
 * will be sent, its `Idempotency-Key` (the same for every try), and what the screen needs to show
 * it again after a reload (`kind` and `args`: the board's optimistic recipe) or to name it when the
 * server refuses it (`name`).
 */
export interface QueuedChange {
  /** Its place in the queue: changes are sent in this order, one at a time. */
  seq: number;
  key: string;
  /** Whose change it is: only the signed-in person's changes are sent, with their token. */
  userId: string;
  boardId: string;
  kind: string;
  args: unknown;
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The revision an update was made against (`If-Match`; docs/api.md, "Revisions"). */
  ifMatch?: number;
  queuedAt: string;
}

interface OutboxSchema extends DBSchema {
  changes: { key: number; value: QueuedChange };
}

const DB_NAME = 'papan-outbox';
let db: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function open() {
  db ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
    },
  });
  return db;
}

/** Stores a change at the end of the queue; resolves with it once it is on disk. */
export async function storeChange(change: Omit<QueuedChange, 'seq'>): Promise<QueuedChange> {
  // `seq` is left out so IndexedDB numbers it (autoIncrement).
  const seq = await (await open()).add('changes', change as QueuedChange);
  return { ...change, seq };
}

/** The queue, oldest first. */
export async function storedChanges(): Promise<QueuedChange[]> {
  return (await open()).getAll('changes');
}

export async function removeChange(seq: number): Promise<void> {
  await (await open()).delete('changes', seq);
}

export async function clearChanges(): Promise<void> {
  await (await open()).clear('changes');
}

/** Forgets the connection (tests open a fresh database each). */
export function closeOutboxDb(): void {
  void db?.then((database) => database.close());
  db = null;
}
