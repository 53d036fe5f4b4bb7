import type { AdminBoard } from '@papan/shared';
import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, inArray } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { boards, users } from '../../database/schema';

@Injectable()
export class AdminBoardsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Every board, archived ones too, newest first, with its owner's name and e-mail. */
  async list(limit: number): Promise<AdminBoard[]> {
    const rows = await this.db
      .select({
        id: boards.id,
        title: boards.title,
        createdAt: boards.createdAt,
        isArchived: boards.isArchived,
        ownerId: users.id,
        ownerName: users.name,
        ownerEmail: users.email,
      })
      .from(boards)
      .leftJoin(users, eq(users.id, boards.ownerId))
      .orderBy(desc(boards.createdAt), desc(boards.id))
      .limit(limit);
    return rows.map((r) => ({
      _id: r.id,
      title: r.title,
      createdAt: r.createdAt.toISOString(),
      isArchived: r.isArchived,
      ownerId: r.ownerId ? { _id: r.ownerId, name: r.ownerName ?? '', email: r.ownerEmail ?? '' } : null,
    }));
  }

  /** Deletes the boards with their lists, cards, labels, checklists, comments and activities. */
  async deleteMany(ids: string[], tx: Executor): Promise<void> {
    await tx.delete(boards).where(inArray(boards.id, ids));
  }
}
