import { Injectable } from '@nestjs/common';
import type { BoardView } from '@papan/shared';
import { BoardReadRepository } from './board-read.repository';

/** How much serialised board content one instance keeps (least recently used boards leave first). */
export const BOARD_CONTENT_CACHE_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: number;
  /** `"labels":[…],"lists":[…]` — the part of the board read that is the same for every member. */
  json: string;
}

/**
 * The serialised content of a board (labels, lists, cards, checklists), kept per instance and keyed
 * by the board's version. Every change to a board bumps its version in the change's own transaction
 * (BoardChanges), and every read learns the current version from the membership check it makes
 * anyway, so an entry can never be served for a version it does not belong to — on one instance or
 * on several. The members of a board who refetch after a change share one read of the database, and
 * reads at an unchanged version (page opens, reconnects, refetches after a gap) skip it entirely.
 */
@Injectable()
export class BoardContentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<string>>();
  private bytes = 0;

  constructor(private readonly reads: BoardReadRepository) {}

  /**
   * The content of `boardId` at `version` (or newer: a change may commit while it is read), in the
   * read's `view`; each view is kept apart.
   */
  json(boardId: string, version: number, view: BoardView = 'full'): Promise<string> {
    const entryKey = `${view}:${boardId}`;
    const hit = this.entries.get(entryKey);
    if (hit && hit.version === version) {
      // Map order is use order: move it to the end.
      this.entries.delete(entryKey);
      this.entries.set(entryKey, hit);
      return Promise.resolve(hit.json);
    }
    const key = `${entryKey}@${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(boardId, version, view).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(boardId: string, version: number, view: BoardView): Promise<string> {
    const json =
      view === 'compact'
        ? await this.reads.compactJson(boardId)
        : JSON.stringify(await this.reads.content(boardId)).slice(1, -1);
    const entryKey = `${view}:${boardId}`;
    const current = this.entries.get(entryKey);
    if (!current || current.version < version) this.store(entryKey, { version, json });
    return json;
  }

  private store(entryKey: string, entry: Entry) {
    this.forget(entryKey);
    if (entry.json.length > BOARD_CONTENT_CACHE_BYTES / 4) return;
    this.entries.set(entryKey, entry);
    this.bytes += entry.json.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= BOARD_CONTENT_CACHE_BYTES) break;
      this.forget(oldest);
    }
  }

  private forget(entryKey: string) {
    const entry = this.entries.get(entryKey);
    if (!entry) return;
    this.entries.delete(entryKey);
    this.bytes -= entry.json.length;
  }
}
