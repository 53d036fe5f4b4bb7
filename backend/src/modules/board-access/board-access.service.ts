import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccessCache } from './board-access.cache';
import {
  BoardAccessRepository,
  type BoardAccessRow,
  type RefKind,
  type RefTargets,
  type Resolved,
} from './board-access.repository';

export interface BoardAccessInfo extends BoardAccessRow {
  isOwner: boolean;
}

export type BoardRole = 'member' | 'owner';

/** Exactly one id naming what the caller wants to reach: a board or something on one. */
export type AccessRef = { [K in RefKind]: Record<K, string> }[RefKind];

type KindOf<R extends AccessRef> = { [K in RefKind]: R extends Record<K, string> ? K : never }[RefKind];

/** The board an entity belongs to, as the caller sees it, with what callers need of the entity. */
export type Access<R extends AccessRef> = { boardId: string; board: BoardAccessInfo } & RefTargets[KindOf<R>];

export const NOT_A_MEMBER = 'You are not a member of this board.';
export const NOT_THE_OWNER = 'Only the board owner can do this.';

const NOT_FOUND: Record<RefKind, string> = {
  boardId: 'Board not found',
  listId: 'List not found',
  cardId: 'Card not found',
  checklistId: 'Checklist not found',
  commentId: 'Comment not found',
  labelId: 'Label not found',
  fieldId: 'Field not found',
  laneId: 'Lane not found',
  ruleId: 'Rule not found',
  attachmentId: 'Attachment not found',
};

/**
 * The board permissions (docs/product.md, "Roles and permissions"), checked in services so every
 * path that reaches an entity by id checks the board it belongs to: members read and edit content,
 * the owner also manages the board and its members, everyone else gets 403.
 */
@Injectable()
export class BoardAccess {
  constructor(
    private readonly repo: BoardAccessRepository,
    private readonly cache: BoardAccessCache,
  ) {}

  /** The board `ref` belongs to, once the caller holds `role` on it: 404, then 403. */
  async require<R extends AccessRef>(user: AuthUser, ref: R, role: BoardRole): Promise<Access<R>> {
    const entries = Object.entries(ref);
    if (entries.length !== 1) throw new Error(`An access ref names exactly one id, not ${entries.length}`);
    const [[kind, id]] = entries as [[KindOf<R>, string]];
    const found = await this.lookup(kind, id, user.id);
    if (!found) throw new NotFoundException(NOT_FOUND[kind]);
    const board = seenBy(found.board, user);
    assertTokenReaches(board.id, user);
    assertRole(board, role);
    return { ...found, boardId: board.id, board } as Access<R>;
  }

  /** The board as the caller sees it, without any permission check (join, non-member screen). */
  async find(boardId: string, user: AuthUser): Promise<BoardAccessInfo> {
    const found = await this.lookup('boardId', boardId, user.id);
    if (!found) throw new NotFoundException(NOT_FOUND.boardId);
    assertTokenReaches(boardId, user);
    return seenBy(found.board, user);
  }

  /** A board by its id (polls, catch-up, joins) comes from this instance's cache once read. */
  private async lookup<K extends RefKind>(kind: K, id: string, userId: string) {
    if (kind !== 'boardId') return this.repo.find(kind, id, userId);
    const cached = this.cache.get(id, userId);
    if (cached) return { board: cached } as Resolved<K>;
    const generation = this.cache.generation(id);
    const found = await this.repo.find(kind, id, userId);
    if (found) this.cache.set(found.board, userId, generation);
    return found;
  }

  /** The realtime gateway's check when a socket joins a board's room. */
  async member(boardId: string, user: AuthUser): Promise<BoardAccessInfo> {
    return (await this.require(user, { boardId }, 'member')).board;
  }
}

const seenBy = (board: BoardAccessRow, user: AuthUser): BoardAccessInfo => ({
  ...board,
  isOwner: board.ownerId === user.id,
});

export const TOKEN_NOT_FOR_BOARD = 'This API token is not valid for this board.';

/**
 * A personal API token limited to some boards reaches only those (docs/api.md,
 * "What a token may call").
 */
export function assertTokenReaches(boardId: string, user: AuthUser): void {
  const boardIds = user.token?.boardIds;
  if (boardIds && !boardIds.includes(boardId)) throw new ForbiddenException(TOKEN_NOT_FOR_BOARD);
}

/** Throws 403 unless the caller holds `role` on a board they already fetched. */
export function assertRole(board: BoardAccessInfo, role: BoardRole): void {
  if (!board.isMember && !board.isOwner) throw new ForbiddenException(NOT_A_MEMBER);
  if (role === 'owner' && !board.isOwner) throw new ForbiddenException(NOT_THE_OWNER);
}
