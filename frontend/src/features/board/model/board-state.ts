import type { BoardEvent, BoardPresence, Checklist, CompactBoardDetail } from '@papan/shared';

export type BoardStatus = 'loading' | 'ready' | 'error' | 'forbidden';

/**
 * The card whose detail is open, with its checklists' items (the compact board read has only their
 * totals): read when it opens, then kept by the same events as the board.
 */
export interface OpenCard {
  cardId: string;
  /** Null while they are read. */
  checklists: Checklist[] | null;
  /** An event of its checklists came while they were read: read them again. */
  missed: boolean;
}

export interface BoardState {
  boardId: string | null;
  status: BoardStatus;
  /** The board in its compact form (docs/api.md, `?view=compact`), as `?view=compact` reads it. */
  board: CompactBoardDetail | null;
  openCard: OpenCard | null;
  /** The ETag of the last full read: the poll sends it back and a 304 costs nothing. */
  etag: string | null;
  /** Events that arrived before their turn, by version, until the missing ones come. */
  buffered: Record<number, BoardEvent>;
  viewers: BoardPresence['users'];
  /** Who last changed each object's fields, by its id, as events said (model/editors.ts). */
  editors: Record<string, string | null>;
}
