import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccessRepository, type BoardAccessRow } from './board-access.repository';

export interface BoardAccessInfo extends BoardAccessRow {
  isOwner: boolean;
}

export const NOT_A_MEMBER = 'You are not a member of this board.';

/**
 * ARCHITECTURE §5's board permissions, checked in services so every path that reaches an
 * entity by id checks the board it belongs to: members read and edit content, the owner also
 * manages the board and its members, everyone else gets 403.
 */
@Injectable()
export class BoardAccess {
  constructor(private readonly repo: BoardAccessRepository) {}

  /** The board as the caller sees it, without any permission check (join, non-member screen). */
  async find(boardId: string, user: AuthUser): Promise<BoardAccessInfo> {
    const row = await this.repo.find(boardId, user.id);
    if (!row) throw new NotFoundException('Board not found');
    return { ...row, isOwner: row.ownerId === user.id };
  }

  async member(boardId: string, user: AuthUser): Promise<BoardAccessInfo> {
    const info = await this.find(boardId, user);
    if (!info.isMember && !info.isOwner) throw new ForbiddenException(NOT_A_MEMBER);
    return info;
  }

  async owner(boardId: string, user: AuthUser): Promise<BoardAccessInfo> {
    const info = await this.member(boardId, user);
    if (!info.isOwner) throw new ForbiddenException('Only the board owner can do this.');
    return info;
  }
}
