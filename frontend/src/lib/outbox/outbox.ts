import { CHANGE_PREFERENCE, type ChangeAnswer } from '@papan/shared';
import { create } from 'zustand';
import { api, ApiError, isConnectionFailure } from '../api-client';
import { newIdempotencyKey } from '../idempotency-key';
import { useSession } from '../session';
import { clearChanges, removeChange, storedChanges, storeChange, type QueuedChange } from './outbox-db';

export type { QueuedChange } from './outbox-db';

/** A change as its feature hands it over; the outbox adds its owner, place, time and (if none) key. */
export type NewChange = Omit<QueuedChange, 'seq' | 'key' | 'userId' | 'queuedAt'> & { key?: string };

/** What became of a change at its first try: answered, or waiting for the connection. */
export type FirstOutcome = { sent: true; answer: ChangeAnswer<unknown> } | { sent: false };

interface OutboxState {
  /** The signed-in person's changes not yet answered, oldest first. */
  changes: QueuedChange[];
  /** False when the browser says so, or a change just failed for want of a connection. */
  online: boolean;
  /** A change is on its way. */
  syncing: boolean;
}

/** What the header and the screens show (docs/product.md, "Offline"). */
export const useOutbox = create<OutboxState>()(() => ({
  changes: [],
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
}));

/** How a feature hears of its changes' outcomes (the board store: apply the answer, or undo). */
export interface OutboxListener {
  sent?: (change: QueuedChange, answer: ChangeAnswer<unknown>) => void;
  refused?: (change: QueuedChange, error: ApiError) => void;
}

const listeners = new Set<OutboxListener>();
/** The callers still waiting for their change's first outcome, by key. */
const firstOutcomes = new Map<string, { resolve: (o: FirstOutcome) => void; reject: (e: unknown) => void }>();

/** Pauses between drains that found no connection: 1 s, 2 s, 4 s … at most 30 s. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retries = 0;
let draining: Promise<void> | null = null;
let drainAgain = false;

export function listenToOutbox(listener: OutboxListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Queues a change: stored in IndexedDB first, then sent after every change queued before it. The
 * promise settles at its first try: `{sent: true}` with the answer, `{sent: false}` when it waits
 * for the connection (it goes later by itself), or the refusal (the caller says why, as without an
 * outbox). A refusal at a later try goes to the listeners instead.
 */
export async function queueChange(change: NewChange): Promise<FirstOutcome> {
  const userId = currentUser();
  const stored = await storeChange({
    ...change,
    key: change.key ?? newIdempotencyKey(),
    userId,
    queuedAt: new Date().toISOString(),
  });
  useOutbox.setState((state) => ({ changes: [...state.changes, stored] }));
  const outcome = new Promise<FirstOutcome>((resolve, reject) =>
    firstOutcomes.set(stored.key, { resolve, reject }),
  );
  void drainOutbox();
  return outcome;
}

/** Whose changes are sent: the signed-in person's ('' when no one is; the server then answers 401). */
const currentUser = () => useSession.getState().session?._id ?? '';

/** The signed-in person's waiting changes, oldest first (read again from IndexedDB). */
export async function loadOutbox(): Promise<QueuedChange[]> {
  const userId = currentUser();
  const changes = (await storedChanges()).filter((change) => change.userId === userId);
  useOutbox.setState({ changes });
  return changes;
}

/**
 * Sends the waiting changes in order, one at a time, each with its own key. Stops at the first that
 * gets no answer and tries again later (a timer, the browser's `online` event, the socket's
 * reconnect); a refused change is dropped from the queue and its listeners undo it.
 */
export function drainOutbox(): Promise<void> {
  if (draining) {
    drainAgain = true;
    return draining;
  }
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  draining = (async () => {
    try {
      do {
        drainAgain = false;
        await drainOnce();
      } while (drainAgain);
    } catch (error) {
      // IndexedDB itself failed (private mode, storage full): nothing can wait; said in the console.
      console.error('The outbox could not be read', error);
    } finally {
      draining = null;
      useOutbox.setState({ syncing: false });
    }
  })();
  return draining;
}

async function drainOnce(): Promise<void> {
  for (;;) {
    const [next] = await loadOutbox();
    if (!next) {
      retries = 0;
      return;
    }
    useOutbox.setState({ syncing: true });
    try {
      const answer = await api.request<ChangeAnswer<unknown>>(next.path, {
        method: next.method,
        body: next.body,
        prefer: CHANGE_PREFERENCE,
        idempotencyKey: next.key,
        ifMatch: next.ifMatch,
        retryDelaysMs: [],
      });
      await settle(next);
      useOutbox.setState({ online: true });
      retries = 0;
      settleFirst(next, { sent: true, answer });
      listeners.forEach((listener) => listener.sent?.(next, answer));
    } catch (error) {
      if (mustWait(error)) {
        useOutbox.setState({ online: false });
        // Every change behind it waits too: their callers stop waiting.
        useOutbox.getState().changes.forEach((change) => settleFirst(change, { sent: false }));
        return scheduleRetry();
      }
      await settle(next);
      const refusal = error instanceof ApiError ? error : new ApiError(0, String(error));
      listeners.forEach((listener) => listener.refused?.(next, refusal));
      const caller = firstOutcomes.get(next.key);
      firstOutcomes.delete(next.key);
      // The caller that still waits says why itself, as it would without an outbox.
      if (caller) caller.reject(refusal);
      else announceRefusal?.(next, refusal);
    }
  }
}

/**
 * Whether a change stays queued for a later try: no connection, a signed-out session (it goes once
 * the person signs in again), too many requests, or its own earlier try still running (409 while
 * the key is held).
 */
function mustWait(error: unknown): boolean {
  if (isConnectionFailure(error)) return true;
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401 || error.status === 408 || error.status === 429) return true;
  return error.status === 409 && /Idempotency-Key is still running/.test(error.message);
}

async function settle(change: QueuedChange) {
  await removeChange(change.seq);
  useOutbox.setState((state) => ({ changes: state.changes.filter((other) => other.seq !== change.seq) }));
}

function settleFirst(change: QueuedChange, outcome: FirstOutcome) {
  firstOutcomes.get(change.key)?.resolve(outcome);
  firstOutcomes.delete(change.key);
}

function scheduleRetry() {
  if (retryTimer) return;
  const delay = Math.min(RETRY_BASE_MS * 2 ** retries++, RETRY_MAX_MS);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void drainOutbox();
  }, delay);
}

/** How a refusal no caller waits for is told (the app's toast, set by `startOutbox`). */
let announceRefusal: ((change: QueuedChange, error: ApiError) => void) | null = null;

/**
 * Loads the queue and drains it now, on every return of the connection (`online`), and whenever
 * `announce` is given, says what a later refusal was. Returns the stop.
 */
export function startOutbox(announce: (change: QueuedChange, error: ApiError) => void): () => void {
  announceRefusal = announce;
  const online = () => {
    useOutbox.setState({ online: true });
    retries = 0;
    void drainOutbox();
  };
  const offline = () => useOutbox.setState({ online: false });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  void drainOutbox();
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    announceRefusal = null;
  };
}

/** Empties the queue and forgets every waiting caller (each test starts with an empty outbox). */
export async function resetOutbox(): Promise<void> {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retries = 0;
  firstOutcomes.clear();
  await clearChanges();
  useOutbox.setState({ changes: [], online: true, syncing: false });
}
