import {
  type BoardEvent,
  type BoardPresence,
  type Checklist,
  type CompactBoardDetail,
  findCard,
} from '@papan/shared';
import { castDraft, type Draft } from 'immer';
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { ApiError } from '../../lib/api-client';
import { checkedEvent } from '../../lib/checked-event';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import {
  listenToOutbox,
  loadOutbox,
  queueChange,
  useOutbox,
  type FirstOutcome,
} from '../../lib/outbox/outbox';
import type { Committed } from './api/board-change';
import { getBoard } from './api/get-board';
import { getBoardEvents } from './api/get-board-events';
import { getCardChecklists } from './api/get-card-checklists';
import { reorderListsRequest } from './api/reorder-lists';
import { acceptBoard, drainEvents } from './model/board-sync';
import type { BoardState, OpenCard } from './model/board-state';
import { editorOf } from './model/editors';
import type { LaneId } from './model/lanes';
import { isSamePlace, orderLists } from './model/positions';
import { applyQueued, describeQueued, undoQueued, type QueuedBoardChange } from './model/queued-changes';

export type { BoardState, BoardStatus, OpenCard } from './model/board-state';

/** A change shown before the server agreed (a drag, a tick): on the board and the open card. */
export type Recipe = (board: CompactBoardDetail, openCard: OpenCard | null) => void;

interface BoardActions {
  open: (boardId: string | null) => void;
  /** Reads the board; `conditional` sends the ETag (the poll, a reconnect). */
  refresh: (options?: { conditional?: boolean }) => Promise<void>;
  /**
   * A board event as it arrived (a socket, this browser's own answer): checked against the shared
   * schema, then applied in version order; one that fails the check makes the board be read again.
   */
  receiveEvent: (event: unknown, from?: string) => void;
  /**
   * Brings the board up to date from its event log (a version gap, a reconnect); reads it whole only
   * on a 410, an event it cannot apply, or a gap the log leaves (docs/realtime.md, "Recovering: the
   * version is the truth").
   */
  catchUp: () => Promise<void>;
  setViewers: (presence: BoardPresence) => void;
  /** The card detail opened (its checklists are read) or closed (null). */
  showCard: (cardId: string | null) => Promise<void>;
  /**
   * The view moves at once; if the server refuses, the card goes back where it was at once, the
   * board is read again and the refusal is thrown on (a hard WIP limit's 409 is the screen's to
   * show; docs/product.md, "States and transitions"; docs/lanes.md). With `toLaneId` (a lane, or
   * null for the default lane) the card also changes lanes and `toIndex` is its place in that cell.
   */
  moveCard: (cardId: string, toListId: string, toIndex: number, toLaneId?: LaneId) => Promise<void>;
  /**
   * The lists move at once and go back to their order if the server refuses (docs/product.md,
   * "States and transitions").
   */
  reorderLists: (listIds: string[]) => Promise<void>;
  /**
   * The one way this browser changes a board: `optimistic` (if any) shows at once and stays over
   * every read until the answer comes; then the server's answer is applied as the event it
   * published, by version, with the same `applyEvent` as the socket's events (whose copy of it is
   * then ignored). On failure the optimistic change is taken back (`undo`, else the board is read
   * again) and the error is thrown on.
   */
  run: <T>(request: () => Promise<Committed<T>>, optimistic?: { apply: Recipe; undo?: Recipe }) => Promise<T>;
  /**
   * A change that may wait for the connection (docs/architecture.md, "The outbox"): stored in the
   * outbox, shown at once and over every read (also after a reload) until it is answered, sent after
   * the changes queued before it. Settles at its first try: sent, waiting, or refused — then it is
   * already undone and the refusal is thrown on for the caller to explain. `name` is what a later
   * refusal's message calls it (the card's or list's title).
   */
  queue: (change: QueuedBoardChange, name: string) => Promise<FirstOutcome>;
}

/** How long a version gap may stay open (events across instances can overtake each other). */
export const GAP_GRACE_MS = 500;

const initial = (boardId: string | null): BoardState => ({
  boardId,
  status: 'loading',
  board: null,
  openCard: null,
  etag: null,
  buffered: {},
  viewers: [],
  editors: {},
});

/**
 * Optimistic changes whose answer has not come yet, by what names them (the recipe for `run`, the
 * key for a queued change): re-applied over every board read meanwhile.
 */
const pending = new Map<unknown, Recipe>();

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
          void get().catchUp();
        }, GAP_GRACE_MS);
      } else if (!waiting && gapTimer) {
        clearTimeout(gapTimer);
        gapTimer = null;
      }
    }

    /**
     * The server's answer to this browser's change: the event it committed, applied like every
     * other screen's copy of it (by version, so the socket's copy is a no-op). Without one (an
     * answer replayed for a retried request) the board is read again.
     */
    function commit(event: BoardEvent | null) {
      if (!get().boardId || !get().board) return;
      if (event) get().receiveEvent(event, 'the answer');
      else void get().refresh();
    }

    /** Reads the open card's checklists; again if one of their events came meanwhile. */
    async function readCardChecklists() {
      const cardId = get().openCard?.cardId;
      for (let round = 0; cardId && round < 5; round++) {
        set((state) => void (state.openCard && (state.openCard.missed = false)));
        let checklists: Checklist[];
        try {
          checklists = await getCardChecklists(cardId);
        } catch (error) {
          // The card went away or the board did; its modal closes with it (docs/product.md, "Card detail").
          console.warn('Reading the card checklists failed', error);
          return;
        }
        const open = get().openCard;
        if (open?.cardId !== cardId) return;
        if (open.missed) continue;
        set((state) => {
          state.openCard!.checklists = checklists as Draft<Checklist>[];
          if (state.board) pending.forEach((recipe) => recipe(state.board!, state.openCard));
        });
        return;
      }
    }

    async function read(conditional: boolean) {
      const boardId = get().boardId;
      if (!boardId) return;
      try {
        const result = await getBoard(boardId, conditional ? get().etag : null);
        if (get().boardId !== boardId || result.notModified) return;
        let needsRefetch = false;
        let replaced = false;
        set((state) => {
          const shown = state.board;
          needsRefetch = acceptBoard(state, result.board, result.etag, conditional);
          replaced = state.board !== shown;
          // A read taken before a change landed must not take it off the screen.
          if (state.board && replaced) pending.forEach((recipe) => recipe(state.board!, state.openCard));
        });
        // A whole read means events were missed: the open card's items may have missed them too.
        if (replaced && get().openCard?.checklists) void readCardChecklists();
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

    /** After a reload or a return to the board: its waiting changes shown again over the read. */
    async function restoreQueued(boardId: string) {
      const changes = (await loadOutbox()).filter((change) => change.boardId === boardId);
      if (get().boardId !== boardId) return;
      const waiting = new Set(useOutbox.getState().changes.map((change) => change.key));
      set((state) => {
        for (const change of changes) {
          // Answered while it was being read: its event is on the board already.
          if (pending.has(change.key) || !waiting.has(change.key)) continue;
          const recipe: Recipe = (board, openCard) => applyQueued(board, change.kind, change.args, openCard);
          pending.set(change.key, recipe);
          if (state.board) recipe(state.board, state.openCard);
        }
      });
    }

    listenToOutbox({
      sent: (change, answer) => {
        if (change.boardId !== get().boardId) return;
        pending.delete(change.key);
        commit(answer.event);
      },
      // Undone: the read shows the server's board with the changes still waiting over it.
      refused: (change) => {
        if (change.boardId !== get().boardId || !pending.delete(change.key)) return;
        set(
          (state) => void (state.board && undoQueued(state.board, change.kind, change.args, state.openCard)),
        );
        void get().refresh();
      },
    });

    return {
      ...initial(null),
      open: (boardId) => {
        pending.clear();
        if (gapTimer) clearTimeout(gapTimer);
        gapTimer = null;
        set(initial(boardId));
        if (boardId) void restoreQueued(boardId);
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
      receiveEvent: (received, from = 'the socket') => {
        const event = checkedEvent(received, from);
        if (!event) return void get().refresh();
        const { boardId, board } = get();
        if (event.boardId !== boardId) return;
        const edited = editorOf(event, board);
        if (edited) set((state) => void (state.editors[edited[0]] = edited[1]));
        if (board && event.version <= board.version) return;
        let needsRefetch = false;
        set((state) => {
          state.buffered[event.version] = event;
          needsRefetch = drainEvents(state);
        });
        settle(needsRefetch);
      },
      catchUp: async () => {
        const { boardId, board } = get();
        if (!boardId || !board) return get().refresh();
        try {
          for (let after = board.version; ;) {
            const page = await getBoardEvents(boardId, after);
            if (get().boardId !== boardId) return;
            const events = page.events.map((event) => checkedEvent(event, 'the event log'));
            let needsRefetch = events.includes(null);
            if (!needsRefetch)
              set((state) => {
                for (const event of events) if (event) state.buffered[event.version] = castDraft(event);
                needsRefetch = drainEvents(state);
              });
            const reached = get().board?.version ?? after;
            // Still behind with nothing more to read (an event the log leaves out for us): read it whole.
            if (needsRefetch || (!page.hasMore && reached < page.version)) return get().refresh();
            if (!page.hasMore || reached === after) return settle(false);
            after = reached;
          }
        } catch (error) {
          // 410: the events are no longer kept; anything else: the whole read says what is wrong.
          if (!(error instanceof ApiError && error.status === 410)) console.warn('Catching up failed', error);
          return get().refresh();
        }
      },
      setViewers: (presence) => {
        if (presence.boardId === get().boardId) set({ viewers: presence.users });
      },
      showCard: async (cardId) => {
        if (get().openCard?.cardId === (cardId ?? undefined)) return;
        set({ openCard: cardId ? { cardId, checklists: null, missed: false } : null });
        await readCardChecklists();
      },
      moveCard: async (cardId, toListId, toIndex, toLaneId) => {
        const { board, boardId } = get();
        const from = board && findCard(board, cardId);
        if (!boardId || !from || isSamePlace(board, cardId, toListId, toIndex, toLaneId)) return;
        const move: QueuedBoardChange = {
          kind: 'card.move',
          args: {
            cardId,
            toListId,
            toIndex,
            ...(toLaneId === undefined ? {} : { toLaneId }),
            from: {
              listId: from.list._id,
              index: from.index,
              position: from.card.position,
              laneId: from.card.laneId ?? null,
            },
          },
        };
        try {
          await get().queue(move, from.card.title);
        } catch (error) {
          // Already back where it was; the read says what else changed (docs/product.md, "States and transitions").
          console.error('Failed to move the card', error);
          throw error;
        }
      },
      reorderLists: async (listIds) => {
        const { board, boardId } = get();
        if (!board || !boardId || listIds.join() === board.lists.map((list) => list._id).join()) return;
        const before = board.lists.map((list) => list._id);
        try {
          await get().run(() => reorderListsRequest(boardId, listIds), {
            apply: (b) => orderLists(b, listIds),
            undo: (b) => orderLists(b, before),
          });
        } catch (error) {
          console.error('Failed to reorder the lists', error);
        }
      },
      queue: async (change, name) => {
        const { boardId } = get();
        if (!boardId) throw new Error('No board is open');
        const key = newIdempotencyKey();
        const recipe: Recipe = (board, openCard) => applyQueued(board, change.kind, change.args, openCard);
        pending.set(key, recipe);
        set((state) => void (state.board && recipe(state.board, state.openCard)));
        try {
          return await queueChange({ ...describeQueued(boardId, change, name), key });
        } catch (error) {
          // Not stored (IndexedDB unusable, signed out): taken back at once.
          if (pending.delete(key)) void get().refresh();
          throw error;
        }
      },
      run: async (request, optimistic) => {
        if (optimistic) {
          pending.set(optimistic.apply, optimistic.apply);
          set((state) => void (state.board && optimistic.apply(state.board, state.openCard)));
        }
        try {
          const answer = await request();
          if (optimistic) pending.delete(optimistic.apply);
          commit(answer.event);
          return answer.data;
        } catch (error) {
          if (optimistic) {
            pending.delete(optimistic.apply);
            const { undo } = optimistic;
            if (undo) set((state) => void (state.board && undo(state.board, state.openCard)));
            else await get().refresh();
          }
          throw error;
        }
      },
    };
  }),
);
