import type { AdminBoard } from '@papan/shared';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { BoardChanges } from '../board-changes/board-changes.service';
import { DomainEvents } from '../board-changes/domain-events';
import { AdminBoardsRepository } from './admin-boards.repository';

/** Global board management: every board, whoever owns it. */
@Injectable()
export class AdminBoardsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly boards: AdminBoardsRepository,
    private readonly changes: BoardChanges,
    private readonly events: DomainEvents,
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
   * All or nothing, in one transaction (so not one BoardChanges.run per board): every id must be a
   * board. After the commit each board announces board.deleted, as a single delete does, so open
   * screens hear of it and their sockets leave the room.
   */
  async deleteMany(actor: AuthUser, boardIds: string[]): Promise<{ deletedCount: number }> {
    const locked = await this.db.transaction(async (tx) => {
      const rows = await this.boards.lock(boardIds, tx);
      if (rows.length !== boardIds.length) throw new NotFoundException('Board not found');
      await this.boards.deleteMany(boardIds, tx);
      return rows;
    });
    const published = locked.map(({ id, version }) =>
      this.events.publish('board', {
        boardId: id,
        version: version + 1,
        actorId: actor.id,
        type: 'board.deleted',
        payload: { _id: id },
      }),
    );
    // Every instance has forgotten these boards before the answer (InstanceRelay).
    await Promise.all(published);
    return { deletedCount: locked.length };
  }
}
