import { Injectable } from '@nestjs/common';

/** How many boards' gzipped answers one instance keeps (least recently read leave first). */
export const GZIPPED_BOARD_ANSWERS = 64;
/** Below this a board read is sent as it is (the same threshold as every other JSON answer). */
export const GZIP_MIN_BYTES = 1024;

/**
 * The gzipped whole-board read, kept per board for its last (ETag, head): the answer is fixed by
 * the board's version and the reader's pin (its ETag) plus the small head (title, members, …), so
 * the members who refetch one version share one answer, and reads of an unchanged board skip
 * making it (BoardContentCache's pieces keep their deflates: making it is joining them).
 */
@Injectable()
export class GzippedBoardAnswers {
  private readonly answers = new Map<string, { key: string; gzip: Promise<Buffer> }>();

  /** `key` names the answer (ETag and head); `gzip` makes it when it is not kept. */
  get(boardId: string, key: string, gzip: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.answers.get(boardId);
    this.answers.delete(boardId);
    if (hit && hit.key === key) {
      this.answers.set(boardId, hit); // Map order is use order
      return hit.gzip;
    }
    const entry = { key, gzip: gzip() };
    this.answers.set(boardId, entry);
    // A failed compression is not kept.
    entry.gzip.catch(() => this.answers.get(boardId) === entry && this.answers.delete(boardId));
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= GZIPPED_BOARD_ANSWERS) break;
      this.answers.delete(oldest);
    }
    return entry.gzip;
  }
}

/** Whether an Accept-Encoding header allows gzip (a `q=0` refuses it; `*` allows it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let verdict: boolean | null = null;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const allowed = q === undefined || Number(q) > 0;
    if (name.trim() === 'gzip') return allowed;
    if (name.trim() === '*') verdict = allowed;
  }
  return verdict ?? false;
}
