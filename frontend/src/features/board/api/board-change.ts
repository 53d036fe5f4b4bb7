import { CHANGE_PREFERENCE, type BoardEvent, type ChangeAnswer } from '@papan/shared';
import { api, type RequestOptions } from '../../../lib/api-client';

/**
 * A board change the server made: its answer, and the board event it committed — the same event
 * every other screen receives (null when nothing changed, or for a retried request's replayed answer).
 */
export interface Committed<T> {
  data: T;
  event: BoardEvent | null;
}

/** Sends a board change asking for `{data, event}` (`Prefer: papan-change`, docs/api.md). */
export function sendChange<T>(
  method: NonNullable<RequestOptions['method']>,
  path: string,
  body?: unknown,
  /** The revision an update was made against, sent as `If-Match` (docs/api.md, "Revisions"). */
  ifMatch?: number,
): Promise<Committed<T>> {
  return api.request<ChangeAnswer<T>>(path, { method, body, prefer: CHANGE_PREFERENCE, ifMatch });
}
