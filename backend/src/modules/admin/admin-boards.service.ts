import type { AdminBoard } from '@papan/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { AuditService, auditActor } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
import { BoardChanges } from '../board-changes/board-changes.service';
import type { Transaction } from '../../database/database';
import { AdminBoardsRepository } from './admin-boards.repository';

/** Global board management: every board, whoever owns it. */
@Injectable()
export class AdminBoardsService {
  constructor(
    private readonly boards: AdminBoardsRepository,
    private readonly changes: BoardChanges,
    private readonly audit: AuditService,
  ) {}

  list(limit: number): Promise<AdminBoard[]> {
    return this.boards.list(limit);
  }

  /** The owner's permanent delete, done by an administrator: the same change and board.deleted event. */
  async deleteOne(actor: AuthUser, boardId: string): Promise<{ message: string; _id: string }> {
    await this.changes.run(boardId, actor, async (tx) => {
      await this.boards.deleteMany([boardId], tx);
      await this.recordDeletions(actor, [boardId], tx);
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
      await this.recordDeletions(actor, [...new Set(boardIds)], tx);
      return { deletedCount: new Set(boardIds).size };
    });
  }

  /** One audit row per board, in the deleting transaction (docs/security.md, "Audit log"). */
  private async recordDeletions(actor: AuthUser, boardIds: string[], tx: Transaction): Promise<void> {
    for (const boardId of boardIds) {
      await this.audit.record(tx, {
        actor: auditActor(actor),
        ...currentRequestMeta(),
        action: 'admin.board.deleted',
        target: { type: 'board', _id: boardId },
      });
    }
  }
}
