import type { AdminBoard } from '@papan/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardChanges } from '../board-changes/board-changes.service';
import { AdminBoardsRepository } from './admin-boards.repository';

/** Global board management: every board, whoever owns it. */
@Injectable()
export class AdminBoardsService {
  constructor(
    private readonly boards: AdminBoardsRepository,
    private readonly changes: BoardChanges,
  ) {}

  list(limit: number): Promise<AdminBoard[]> {
    return this.boards.list(limit);
  }

  /** The owner's permanent delete, done by an administrator: the same change and board.deleted event. */
  async deleteOne(actor: AuthUser, boardId: string): Promise<{ message: string; _id: string }> {
    await this.changes.run(boardId, actor, async (tx) => {
      await this.boards.deleteMany([boardId], tx);
      return { result: null, event: { type: 'board.deleted', payload: { _id: boardId } } };
    });
    return { message: 'Board deleted', _id: boardId };
  }

  /**
   * All or nothing, in one transaction (BoardChanges.deleteAll, not one run per board): every id
   * must be a board. After the commit each board announces board.deleted, as a single delete does,
   * so open screens hear of it and their sockets leave the room.
   */
  deleteMany(actor: AuthUser, boardIds: string[]): Promise<{ deletedCount: number }> {
    return this.changes.deleteAll(boardIds, actor, async (tx) => {
      await this.boards.deleteMany(boardIds, tx);
      return { deletedCount: new Set(boardIds).size };
    });
  }
}
