import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { BoardEvent } from '@papan/shared';
import { DomainEvents } from '../board-changes/domain-events';
import type { BoardAccessRow } from './board-access.repository';

/** As LIVE_SESSION_TTL_MS: bounds only a change made outside the app or lost between instances. */
export const BOARD_ACCESS_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/** Board events after which who may do what on the board may differ: its entries are dropped. */
export const changesAccess = (type: BoardEvent['type']): boolean =>
  type.startsWith('board.') || type.startsWith('member.');

/**
 * Boards as their members see them (version, owner, membership, pin), kept per instance so the
 * 5-second poll, the events call and `board:join` do not read them again. Only a member's or the
 * owner's view is kept: a refusal is always read afresh. Every board event updates the version;
 * one that changes access (membership, the board itself) drops the board's entries.
 */
@Injectable()
export class BoardAccessCache implements OnModuleDestroy {
  private readonly boards = new Map<string, Map<string, { row: BoardAccessRow; until: number }>>();
  /** Per board, bumped by every event: a read that began before it must not store what it found. */
  private readonly generations = new Map<string, number>();
  /** Bumped by `reset`, for reads that began before it. */
  private epoch = 0;
  private size = 0;
  private enabled = true;
  private readonly unsubscribe: (() => void)[];

  constructor(events: DomainEvents) {
    this.unsubscribe = [
      events.on('board', (e) => this.boardChanged(e.boardId, e.version, e.type)),
      events.on('pin', ({ boardId, userId }) => this.forget(boardId, userId)),
      events.on('user', ({ type, userId }) => type === 'deleted' && this.forgetUser(userId)),
    ];
  }

  onModuleDestroy(): void {
    this.unsubscribe.forEach((u) => u());
  }

  /** The generation to hand back to `set`, taken before reading the database. */
  generation(boardId: string): string {
    return `${this.epoch}.${this.generations.get(boardId) ?? 0}`;
  }

  get(boardId: string, userId: string): BoardAccessRow | undefined {
    const hit = this.boards.get(boardId)?.get(userId);
    return hit && hit.until > Date.now() ? hit.row : undefined;
  }

  set(row: BoardAccessRow, userId: string, generation: string): void {
    if (!this.enabled || generation !== this.generation(row.id)) return;
    if (!row.isMember && row.ownerId !== userId) return;
    if (this.size >= MAX_ENTRIES) this.reset();
    const users = this.boards.get(row.id) ?? new Map<string, { row: BoardAccessRow; until: number }>();
    this.boards.set(row.id, users);
    if (!users.has(userId)) this.size++;
    users.set(userId, { row, until: Date.now() + BOARD_ACCESS_TTL_MS });
  }

  boardChanged(boardId: string, version: number, type: BoardEvent['type']): void {
    this.bump(boardId);
    const users = this.boards.get(boardId);
    if (!users) return;
    if (changesAccess(type)) {
      this.size -= users.size;
      this.boards.delete(boardId);
      return;
    }
    for (const entry of users.values()) {
      if (entry.row.version < version) entry.row = { ...entry.row, version };
    }
  }

  forget(boardId: string, userId: string): void {
    this.bump(boardId);
    if (this.boards.get(boardId)?.delete(userId)) this.size--;
  }

  private bump(boardId: string): void {
    this.generations.set(boardId, (this.generations.get(boardId) ?? 0) + 1);
  }

  /** A deleted account: its memberships, and the boards it owned (the database cascades them). */
  forgetUser(userId: string): void {
    for (const [boardId, users] of this.boards) {
      const owned = [...users.values()].some((e) => e.row.ownerId === userId);
      if (owned) {
        this.bump(boardId);
        this.size -= users.size;
        this.boards.delete(boardId);
      } else if (users.has(userId)) this.forget(boardId, userId);
    }
  }

  /** Forgets everything; with `enabled` false, stores nothing until enabled again. */
  reset(enabled = true): void {
    for (const boardId of this.boards.keys()) this.bump(boardId);
    this.boards.clear();
    this.size = 0;
    this.enabled = enabled;
  }
}
