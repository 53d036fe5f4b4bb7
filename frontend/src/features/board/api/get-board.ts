import type { CompactBoardDetail } from '@papan/shared';
import { apiGetConditional } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export type BoardRead =
  { notModified: true } | { notModified: false; board: CompactBoardDetail; etag: string | null };

/**
 * GET /api/boards/{id}?view=compact: the whole board in the browser's leaner form (docs/api.md,
 * "GET /api/boards/{id}"). With the last ETag it answers 304 when nothing changed.
 */
export function getBoard(boardId: string, etag?: string | null): Promise<BoardRead> {
  const early = prefetched.get(boardId);
  prefetched.delete(boardId);
  if (!etag && early && Date.now() - early.at < PREFETCH_FRESH_MS) return early.read;
  return fetchBoard(boardId, etag);
}

/** A read started by `prefetchBoard` is used by the board screen's first read if this young. */
const PREFETCH_FRESH_MS = 5_000;
const prefetched = new Map<string, { at: number; read: Promise<BoardRead> }>();

/**
 * Starts reading a board as soon as its route is known, while the board screen's own code is still
 * loading (otherwise the request waits for that chunk: a waterfall of ~0.5 s on a first visit).
 * Only for a signed-in visitor; the screen's first `getBoard` picks the answer up.
 */
export function prefetchBoard(boardId: string): void {
  if (prefetched.has(boardId) || !useSession.getState().session?.token) return;
  const read = fetchBoard(boardId);
  // Its failure is reported to whoever uses it (or nobody, if the screen never asks).
  read.catch(() => undefined);
  prefetched.set(boardId, { at: Date.now(), read });
}

/** Drops a prefetched read: after a join, a read started before it answers for a non-member. */
export function forgetPrefetchedBoard(boardId: string): void {
  prefetched.delete(boardId);
}

async function fetchBoard(boardId: string, etag?: string | null): Promise<BoardRead> {
  const answer = await apiGetConditional<CompactBoardDetail>(
    `/api/boards/${encodeURIComponent(boardId)}?view=compact`,
    etag,
  );
  return answer.notModified ? answer : { notModified: false, board: answer.data, etag: answer.etag };
}
