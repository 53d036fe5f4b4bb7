import { AsyncLocalStorage } from 'node:async_hooks';
import type { IdempotencyScope } from './idempotency.repository';

/** The Idempotency-Key a request holds while its handler runs, and the status its answer will have. */
export interface HeldKey {
  scope: IdempotencyScope;
  claimId: string;
  status: number;
}

const held = new AsyncLocalStorage<HeldKey>();

/** Runs `work` (the handler) with `key` visible to the transactions it starts. */
export function holdingKey<T>(key: HeldKey, work: () => T): T {
  return held.run(key, work);
}

/** The key the current request holds, if it sent one. */
export function heldKey(): HeldKey | undefined {
  return held.getStore();
}
