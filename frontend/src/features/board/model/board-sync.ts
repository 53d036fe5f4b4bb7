import {
  type BoardEvent,
  type Checklist,
  type CompactBoardDetail,
  applyChecklistEvent,
  applyEvent,
  isChecklistEvent,
} from '@papan/shared';
import type { Draft } from 'immer';
import type { BoardState } from './board-state';

/**
 * Applies one event to the board and, when it is one of the open card's checklists, to its items.
 * False when the board cannot take it (it must be read again).
 */
export function applyToState(state: Draft<BoardState>, event: BoardEvent): boolean {
  const open = state.openCard;
  if (open && isChecklistEvent(event) && event.payload.cardId === open.cardId) {
    if (!open.checklists) open.missed = true;
    else {
      open.checklists = applyChecklistEvent(open.checklists, event) as Draft<Checklist>[];
    }
  }
  // A whole card (an undone checklist comes back this way) carries its checklists with their items.
  if (open?.checklists && (event.type === 'card.updated' || event.type === 'card.created'))
    if (event.payload._id === open.cardId) open.checklists = event.payload.checklists as Draft<Checklist>[];
  return applyEvent(state.board as CompactBoardDetail, event);
}

/**
 * Applies buffered events in version order, as far as they go without a gap; drops the ones the
 * board already holds. True when an event could not be applied (the board must be read again).
 */
export function drainEvents(state: Draft<BoardState>): boolean {
  const board = state.board;
  if (!board) return false;
  let needsRefetch = false;
  for (let next = state.buffered[board.version + 1]; next; next = state.buffered[board.version + 1]) {
    delete state.buffered[next.version];
    if (!applyToState(state, next)) needsRefetch = true;
    board.version = next.version;
  }
  for (const version of Object.keys(state.buffered).map(Number))
    if (version <= board.version) delete state.buffered[version];
  return needsRefetch;
}

/**
 * A board read arrived. An older version than the one events have brought is ignored; so is a poll
 * answer with the version already shown (its ETag differed only because events moved us on), which
 * keeps every card's identity and so spares re-rendering 2,000 cards.
 */
export function acceptBoard(
  state: Draft<BoardState>,
  board: CompactBoardDetail,
  etag: string | null,
  conditional: boolean,
): boolean {
  const current = state.board;
  state.etag = etag;
  if (current && board.version < current.version) return false;
  if (current && conditional && board.version === current.version) return false;
  state.board = board as Draft<CompactBoardDetail>;
  state.status = 'ready';
  return drainEvents(state);
}
