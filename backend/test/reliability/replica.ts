import {
  applyEvent,
  compactBoard,
  findCard,
  type BoardDetail,
  type BoardEvent,
  type CompactBoardDetail,
} from '@papan/shared';
import type { ClientSocket } from '../helpers/sockets';

/**
 * What a socket client knows of a board: it starts from a read and applies every board event it
 * receives with the shared `applyEvent`, the very rule the browser's store uses (it keeps none of
 * its own), on the compact form the browser holds; it records the versions so gaps and repeats
 * show, and the events it could not apply.
 */
export class BoardReplica {
  readonly versions: number[] = [];
  /** Events `applyEvent` answered false for (a reader would have read the board again). */
  readonly unapplied: BoardEvent[] = [];
  private readonly board: CompactBoardDetail;

  constructor(socket: ClientSocket, start: BoardDetail) {
    this.board = compactBoard(structuredClone(start));
    socket.on('board:event', (e) => this.apply(e));
  }

  private apply(e: BoardEvent): void {
    this.versions.push(e.version);
    if (!applyEvent(this.board, e)) this.unapplied.push(e);
  }

  /** The list a card is in now, as this client knows it. */
  listOf(cardId: string): string | undefined {
    return findCard(this.board, cardId)?.list._id;
  }

  /** Versions strictly increasing. */
  get ordered(): boolean {
    return this.versions.every((v, i) => i === 0 || v > this.versions[i - 1]);
  }

  /** The board as this client sees it: every list's cards in order. */
  shape(): [string, string[]][] {
    return shapeOf(this.board);
  }
}

export const shapeOf = (board: Pick<BoardDetail | CompactBoardDetail, 'lists'>): [string, string[]][] =>
  board.lists.map((l) => [l._id, l.cards.map((c) => c._id)]);

/** How many pairs or seconds to run: the short default, or the full figure under RELIABILITY_FULL=1. */
export const full = process.env.RELIABILITY_FULL === '1';
