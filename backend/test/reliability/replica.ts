import type { BoardDetail, BoardEvent } from '@papan/shared';
import type { ClientSocket } from '../helpers/sockets';

/**
 * What a socket client knows of a board: it starts from a read and applies every board event it
 * receives, as the frontend's store does; it records the versions so gaps and repeats show.
 */
export class BoardReplica {
  readonly versions: number[] = [];
  /** cardId → [listId, position] */
  readonly cards = new Map<string, [string, number]>();
  /** listId → position */
  readonly lists = new Map<string, number>();
  readonly fields = new Map<string, Record<string, unknown>>();

  constructor(socket: ClientSocket, start: BoardDetail) {
    this.take(start);
    socket.on('board:event', (e) => this.apply(e));
  }

  take(board: BoardDetail): void {
    for (const l of board.lists) {
      this.lists.set(l._id, l.position);
      for (const c of l.cards) this.cards.set(c._id, [l._id, c.position]);
    }
  }

  private apply(e: BoardEvent): void {
    this.versions.push(e.version);
    const payload = e.payload as {
      cards?: { _id: string; listId: string; position: number }[];
      lists?: { _id: string; position: number }[];
      _id?: string;
    };
    if (e.type === 'card.moved')
      for (const c of payload.cards ?? []) this.cards.set(c._id, [c.listId, c.position]);
    if (e.type === 'lists.reordered') for (const l of payload.lists ?? []) this.lists.set(l._id, l.position);
    if (e.type === 'card.updated' && payload._id)
      this.fields.set(payload._id, payload as Record<string, unknown>);
  }

  /** Versions strictly increasing. */
  get ordered(): boolean {
    return this.versions.every((v, i) => i === 0 || v > this.versions[i - 1]);
  }

  /** The board as a reader sees it: every list's cards in position order. */
  shape(): [string, string[]][] {
    const lists = [...this.lists].sort((a, b) => a[1] - b[1]).map(([id]) => id);
    return lists.map((listId) => [
      listId,
      [...this.cards]
        .filter(([, [l]]) => l === listId)
        .sort((a, b) => a[1][1] - b[1][1])
        .map(([id]) => id),
    ]);
  }
}

export const shapeOf = (board: BoardDetail): [string, string[]][] =>
  board.lists.map((l) => [l._id, l.cards.map((c) => c._id)]);

/** How many pairs or seconds to run: the short default, or the full figure under RELIABILITY_FULL=1. */
export const full = process.env.RELIABILITY_FULL === '1';
