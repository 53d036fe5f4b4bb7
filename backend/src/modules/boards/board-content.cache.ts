import { Injectable } from '@nestjs/common';
import type { BoardView } from '@papan/shared';
import { contentDelta } from './board-content-delta';
import { BoardReadRepository, type CompactListText } from './board-read.repository';
import { deflatePiece, type DeflatedPiece } from './gzip-pieces';

/** How much serialised board content one instance keeps (least recently used boards leave first). */
export const BOARD_CONTENT_CACHE_BYTES = 32 * 1024 * 1024;
/** Beyond this many changes since the kept copy, the content is read whole again. */
export const MAX_PATCHED_CHANGES = 100;

/** A piece of the content's text: its head, one list (after a comma but for the first), or the end. */
interface Piece {
  readonly text: string;
  readonly listId?: string;
  readonly cardIds?: readonly string[];
  deflated?: Promise<DeflatedPiece>;
}

/** The part of the board read that is the same for every member. */
export interface BoardContent {
  /** `"labels":[…],"fields":[…],"lanes":[…],"lists":[…]`. */
  readonly json: string;
  /** The same text in pieces that keep their deflate (gzipPieces). */
  readonly pieces: readonly Piece[];
}

interface Entry extends BoardContent {
  /** The version the content is at: exactly, when `cardLists` is there; else this or newer. */
  version: number;
  /** The list each card is in; only in a copy exactly at its version, which changes can bring forward. */
  cardLists?: ReadonlyMap<string, string>;
}

/** The pieces' deflates, each made once and kept with its piece (pieces outlive their entry). */
export function deflatedPieces(content: BoardContent): Promise<DeflatedPiece[]> {
  return Promise.all(content.pieces.map((p) => (p.deflated ??= deflatePiece(p.text))));
}

const listPiece = (list: CompactListText, first: boolean): Piece => ({
  text: first ? list.json : `,${list.json}`,
  listId: list.id,
  cardIds: list.cardIds,
});

/** What an entry holds, roughly: its text, and its pieces' bytes and deflates. */
const weight = (entry: Entry) => entry.json.length * 2;

function entryOf(version: number, pieces: Piece[], cardLists?: ReadonlyMap<string, string>): Entry {
  return { version, pieces, json: pieces.map((p) => p.text).join(''), cardLists };
}

/** The content read whole: head, lists and end, and where each card is when it is exactly at `version`. */
function wholeEntry(version: number, head: string, lists: CompactListText[], exact: boolean): Entry {
  const pieces = [
    { text: `${head},"lists":[` },
    ...lists.map((l, i) => listPiece(l, i === 0)),
    { text: ']' },
  ];
  if (!exact) return entryOf(version, pieces);
  const cardLists = new Map<string, string>();
  for (const list of lists) for (const cardId of list.cardIds) cardLists.set(cardId, list.id);
  return entryOf(version, pieces, cardLists);
}

/**
 * The serialised content of a board (labels, lists, cards, checklists), kept per instance and keyed
 * by the board's version. Every change to a board bumps its version in the change's own transaction
 * (BoardChanges), and every read learns the current version from the membership check it makes
 * anyway, so an entry can never be served for a version older than its own — on one instance or on
 * several. The members of a board who refetch after a change share one read of the database, and
 * reads at an unchanged version (page opens, reconnects, refetches after a gap) skip it entirely.
 *
 * Both forms are kept list by list: after a change, the log says which cards and lists the
 * changes since the kept copy touched, and only those lists are read again (docs/decisions.md,
 * "The board read after a change").
 */
@Injectable()
export class BoardContentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(private readonly reads: BoardReadRepository) {}

  /**
   * The content of `boardId` at `version` (or newer: a change may commit while it is read), in the
   * read's `view`; each view is kept apart.
   */
  async content(boardId: string, version: number, view: BoardView = 'full'): Promise<BoardContent> {
    const entryKey = `${view}:${boardId}`;
    const hit = this.entries.get(entryKey);
    if (hit && hit.version >= version) {
      // Map order is use order: move it to the end.
      this.entries.delete(entryKey);
      this.entries.set(entryKey, hit);
      return hit;
    }
    const key = `${entryKey}@${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(boardId, version, view, hit).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(boardId: string, version: number, view: BoardView, kept?: Entry): Promise<Entry> {
    const patched =
      kept?.cardLists && version - kept.version <= MAX_PATCHED_CHANGES
        ? await this.patched(boardId, view, kept, version)
        : null;
    const entry = patched ?? (await this.whole(boardId, view, version));
    const entryKey = `${view}:${boardId}`;
    const current = this.entries.get(entryKey);
    if (!current || current.version < entry.version) this.store(entryKey, entry);
    return entry;
  }

  /** The content read whole (the compact form: the lists in one statement, then the head). */
  private async whole(boardId: string, view: BoardView, version: number): Promise<Entry> {
    if (view === 'full') {
      const read = await this.reads.fullLists(boardId);
      return wholeEntry(read.version ?? version, read.head, read.lists, read.version !== null);
    }
    const read = await this.reads.compactLists(boardId);
    // Read after the lists: a label, field or lane changed in between is in the log after
    // `read.version`, which sends the next read here again.
    const head = await this.reads.compactHead(boardId);
    return wholeEntry(read.version, head, read.lists, true);
  }

  /** The lists named and those holding the cards named, in the view's form. */
  private listsOf(boardId: string, view: BoardView, only: { listIds: string[]; cardIds: string[] }) {
    return view === 'full' ? this.reads.fullLists(boardId, only) : this.reads.compactLists(boardId, only);
  }

  /**
   * `kept` brought to `version` by reading again only the lists the changes in between touched;
   * null when they touched more than cards (or the log cannot say), or when another change landed
   * while the lists were read.
   */
  private async patched(
    boardId: string,
    view: BoardView,
    kept: Entry,
    version: number,
  ): Promise<Entry | null> {
    const changes = await this.reads.changesBetween(boardId, kept.version, version);
    const delta = contentDelta(changes, kept.version, version);
    if (delta === 'all') return null;
    const cardLists = kept.cardLists!;
    // The lists named, and those the cards named were in; the statement adds those they are in now.
    const listIds = new Set(delta.listIds);
    for (const cardId of delta.cardIds) {
      const listId = cardLists.get(cardId);
      if (listId) listIds.add(listId);
    }
    if (!listIds.size && !delta.cardIds.size) return { ...kept, version };
    const read = await this.listsOf(boardId, view, { listIds: [...listIds], cardIds: [...delta.cardIds] });
    // The lists are as they are at the read's version: one more change and the delta is short.
    if (read.version !== version) return null;
    const fresh = new Map(read.lists.map((l) => [l.id, l]));
    const nextLists = new Map(cardLists);
    const pieces: Piece[] = [];
    for (const [i, piece] of kept.pieces.entries()) {
      const list = piece.listId === undefined ? undefined : fresh.get(piece.listId);
      if (!list) {
        // A list named that is gone: lists changed after all.
        if (piece.listId !== undefined && listIds.has(piece.listId)) return null;
        pieces.push(piece);
        continue;
      }
      fresh.delete(list.id);
      for (const cardId of piece.cardIds!) if (nextLists.get(cardId) === list.id) nextLists.delete(cardId);
      for (const cardId of list.cardIds) nextLists.set(cardId, list.id);
      pieces.push(listPiece(list, i === 1));
    }
    // A list the copy does not have: lists changed after all.
    if (fresh.size) return null;
    return entryOf(version, pieces, nextLists);
  }

  private store(entryKey: string, entry: Entry) {
    this.forget(entryKey);
    if (weight(entry) > BOARD_CONTENT_CACHE_BYTES / 4) return;
    this.entries.set(entryKey, entry);
    this.bytes += weight(entry);
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= BOARD_CONTENT_CACHE_BYTES) break;
      this.forget(oldest);
    }
  }

  private forget(entryKey: string) {
    const entry = this.entries.get(entryKey);
    if (!entry) return;
    this.entries.delete(entryKey);
    this.bytes -= weight(entry);
  }
}
