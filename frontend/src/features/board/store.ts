import type { BoardDetail, BoardEvent, BoardPresence } from '@papan/shared';
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { ApiError } from '../../lib/api-client';
import { getBoard } from './api/get-board';
import { moveCardRequest } from './api/move-card';
import { reorderListsRequest } from './api/reorder-lists';
import { acceptBoard, drainEvents } from './model/board-sync';
import { byPosition, findCard, moveCardTo, orderLists } from './model/positions';

export type BoardStatus = 'loading' | 'ready' | 'error' | 'forbidden';

export interface BoardState {
  boardId: string | null;
  status: BoardStatus;
  board: BoardDetail | null;
  /** The ETag of the last full read: the poll sends it back and a 304 costs nothing. */
  etag: string | null;
  /** Events that arrived before their turn, by version, until the missing ones come. */
  buffered: Record<number, BoardEvent>;
  viewers: BoardPresence['users'];
  movesInFlight: number;
}

interface BoardActions {
  open: (boardId: string | null) => void;
  /** Reads the board; `conditional` sends the ETag (the poll, a reconnect). */
  refresh: (options?: { conditional?: boolean }) => Promise<void>;
  receiveEvent: (event: BoardEvent) => void;
  setViewers: (presence: BoardPresence) => void;
  /** SPEC §4: the view moves at once; if the server refuses, the board is read again. */
  moveCard: (cardId: string, toListId: string, toIndex: number) => Promise<void>;
  /** SPEC §4: the lists move at once and go back to their order if the server refuses. */
  reorderLists: (listIds: string[]) => Promise<void>;
  /** A local change after a successful call (its event comes back later and changes nothing). */
  change: (recipe: (board: BoardDetail) => void) => void;
}

/** How long a version gap may stay open (events across instances can overtake each other). */
export const GAP_GRACE_MS = 500;

const initial = (boardId: string | null): BoardState => ({
  boardId,
  status: 'loading',
  board: null,
  etag: null,
  buffered: {},
  viewers: [],
  movesInFlight: 0,
});

let running: Promise<void> | null = null;
let rerun: { conditional: boolean } | null = null;
let gapTimer: ReturnType<typeof setTimeout> | null = null;

export const useBoardStore = create<BoardState & BoardActions>()(
  immer((set, get) => {
    /** After events were drained: read the board when one was not understood or a gap is left. */
    function settle(needsRefetch: boolean) {
      if (needsRefetch) void get().refresh();
      const waiting = Object.keys(get().buffered).length > 0 && get().board !== null;
      if (waiting && !gapTimer) {
        gapTimer = setTimeout(() => {
          gapTimer = null;
          void get().refresh();
        }, GAP_GRACE_MS);
      } else if (!waiting && gapTimer) {
        clearTimeout(gapTimer);
        gapTimer = null;
      }
    }

    async function read(conditional: boolean) {
      const boardId = get().boardId;
      if (!boardId) return;
      try {
        const result = await getBoard(boardId, conditional ? get().etag : null);
        if (get().boardId !== boardId || result.notModified) return;
        let needsRefetch = false;
        set((state) => {
          needsRefetch = acceptBoard(state, result.board, result.etag, conditional);
        });
        settle(needsRefetch);
      } catch (error) {
        if (get().boardId !== boardId) return;
        const status = error instanceof ApiError ? error.status : 0;
        set((state) => {
          if (status === 403) Object.assign(state, { ...initial(boardId), status: 'forbidden' });
          else if (status === 404 || !state.board) state.status = 'error';
          // Otherwise a poll failed (offline, server restarting): keep showing the board.
        });
      }
    }

    return {
      ...initial(null),
      open: (boardId) => {
        if (gapTimer) clearTimeout(gapTimer);
        gapTimer = null;
        set(initial(boardId));
      },
      refresh: ({ conditional = false } = {}) => {
        if (running) {
          rerun = { conditional: (rerun?.conditional ?? true) && conditional };
          return running;
        }
        running = (async () => {
          try {
            await read(conditional);
          } finally {
            running = null;
          }
          const next = rerun;
          rerun = null;
          if (next) await get().refresh(next);
        })();
        return running;
      },
      receiveEvent: (event) => {
        const { boardId, board } = get();
        if (event.boardId !== boardId || (board && event.version <= board.version)) return;
        let needsRefetch = false;
        set((state) => {
          state.buffered[event.version] = event;
          needsRefetch = drainEvents(state);
        });
        settle(needsRefetch);
      },
      setViewers: (presence) => {
        if (presence.boardId === get().boardId) set({ viewers: presence.users });
      },
      moveCard: async (cardId, toListId, toIndex) => {
        const { board, boardId } = get();
        const from = board && findCard(board, cardId);
        if (!boardId || !from || (from.list._id === toListId && from.index === toIndex)) return;
        set((state) => {
          if (state.board) moveCardTo(state.board, cardId, toListId, toIndex);
          state.movesInFlight++;
        });
        try {
          await moveCardRequest(boardId, {
            cardId,
            sourceListId: from.list._id,
            destListId: toListId,
            oldPosition: from.index,
            newPosition: toIndex,
          });
        } catch (error) {
          // SPEC §8: a failed move is only logged; §4: the board is read again.
          console.error('Failed to move the card', error);
          await get().refresh();
        } finally {
          set((state) => void state.movesInFlight--);
        }
      },
      reorderLists: async (listIds) => {
        const { board, boardId } = get();
        if (!board || !boardId || listIds.join() === board.lists.map((list) => list._id).join()) return;
        const before = new Map(board.lists.map((list) => [list._id, list.position]));
        set((state) => void (state.board && orderLists(state.board, listIds)));
        try {
          await reorderListsRequest(boardId, listIds);
        } catch (error) {
          console.error('Failed to reorder the lists', error);
          set((state) => {
            state.board?.lists.forEach((list) => (list.position = before.get(list._id) ?? list.position));
            state.board?.lists.sort(byPosition);
          });
        }
      },
      change: (recipe) => set((state) => void (state.board && recipe(state.board))),
    };
  }),
);
