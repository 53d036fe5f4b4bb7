import type { BoardDetail } from '@papan/shared';
import { TIMINGS } from '@papan/shared';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export type BoardRead =
  { notModified: true } | { notModified: false; board: BoardDetail; etag: string | null };

/**
 * GET /api/boards/{id}: the whole board. With the last ETag it answers 304 when nothing changed,
 * which is what makes the 5-second poll cheap (ARCHITECTURE §5). The shared api client reads no
 * headers and treats 304 as a failure, so this one call speaks to fetch itself.
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

async function fetchBoard(boardId: string, etag?: string | null): Promise<BoardRead> {
  const path = `/api/boards/${encodeURIComponent(boardId)}`;
  const headers = new Headers({ Accept: 'application/json' });
  const token = useSession.getState().session?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (etag) headers.set('If-None-Match', etag);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMINGS.requestTimeoutMs);
  let response: Response;
  try {
    // no-store: the browser's cache must not answer for us, or a 304 would never reach this code.
    response = await fetch(path, {
      headers,
      credentials: 'include',
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch (error) {
    console.error(`Network error: GET ${path}`, error);
    throw new ApiError(0, 'Network error');
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 304) return { notModified: true };
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (response.ok)
    return { notModified: false, board: body as BoardDetail, etag: response.headers.get('ETag') };
  // A lost session ends here as anywhere else: the route guard sends the user to /login.
  if (response.status === 401) useSession.getState().logout();
  console.error(`Request failed (${response.status}): GET ${path}`, body);
  const message = (body as { message?: unknown } | null)?.message;
  throw new ApiError(response.status, typeof message === 'string' ? message : 'Request failed', body);
}
