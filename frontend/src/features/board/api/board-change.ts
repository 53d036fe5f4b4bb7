import type { BoardEventBody } from '@papan/shared';
import { apiExchange, type RequestOptions } from '../../../lib/api-client';

/**
 * A board change the server made: its answer, the change as the board event it published (type and
 * payload), and the version it made (the answer's `Board-Version`; null on a replayed answer).
 */
export interface Committed<T> {
  data: T;
  change: BoardEventBody;
  version: number | null;
}

/** Sends a board change and describes its effect as the event the server published for it. */
export async function sendChange<T>(
  method: NonNullable<RequestOptions['method']>,
  path: string,
  body: unknown,
  describe: (data: T) => BoardEventBody,
): Promise<Committed<T>> {
  const { data, headers } = await apiExchange<T>(path, { method, body });
  const version = Number(headers.get('Board-Version'));
  return { data, change: describe(data), version: Number.isInteger(version) && version > 0 ? version : null };
}
