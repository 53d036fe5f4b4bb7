import { ApiError } from './api-client';

/** What a 412 carries (docs/api.md, "Revisions"): the object as it is now, or null for any other failure. */
export function conflictCurrent<T extends { revision: number }>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const current = (error.body as { current?: unknown } | null)?.current;
  return typeof current === 'object' && current !== null && typeof (current as T).revision === 'number'
    ? (current as T)
    : null;
}

/** How often an update is sent again against a newer revision before its caller hears of the 412. */
const MAX_RESENDS = 3;

/**
 * Sends an update with `If-Match: revision` (docs/decisions.md, "Revisions and If-Match"). On a
 * 412 whose `current` still holds what this update is about (`unchanged(current)`: the text the
 * person started from, or always for a field that is set rather than written, such as a due date),
 * only other fields moved on: it is sent again against the new revision. Otherwise the 412 is
 * thrown on, for the caller to offer the choice.
 */
export async function sendRevised<T extends { revision: number }, R>(
  send: (revision: number) => Promise<R>,
  revision: number,
  unchanged: (current: T) => boolean = () => true,
): Promise<R> {
  for (let resends = 0; ; resends++) {
    try {
      return await send(revision);
    } catch (error) {
      const current = conflictCurrent<T>(error);
      if (!current || resends >= MAX_RESENDS || !unchanged(current)) throw error;
      revision = current.revision;
    }
  }
}
