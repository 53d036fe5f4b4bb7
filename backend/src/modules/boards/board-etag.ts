import type { BoardView } from '@papan/shared';

/** A board answer's ETag: its version, and what else of it is the caller's own (the pin). */
export function boardEtag(
  boardId: string,
  board: { version: number; isPinned: boolean },
  view: BoardView,
): string {
  return `W/"${boardId}.${board.version}.${board.isPinned ? 1 : 0}${view === 'compact' ? '.c' : ''}"`;
}

/** Whether an If-None-Match header names `etag`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag);
}
