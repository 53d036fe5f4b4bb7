import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { boardMembers, boardPins, boards } from '../../database/schema';

export interface BoardAccessRow {
  id: string;
  ownerId: string;
  version: number;
  isArchived: boolean;
  linkJoining: boolean;
  title: string;
  isMember: boolean;
  isPinned: boolean;
}

@Injectable()
export class BoardAccessRepository {
  /** Built once (every board call and every 5-second poll runs it): drizzle skips rebuilding the SQL. */
  private readonly findQuery;

  constructor(@Inject(DATABASE) db: Database) {
    const userId = sql.placeholder('userId');
    this.findQuery = db
      .select({
        id: boards.id,
        ownerId: boards.ownerId,
        version: boards.version,
        isArchived: boards.isArchived,
        linkJoining: boards.linkJoining,
        title: boards.title,
        isMember: sql<boolean>`exists (select 1 from ${boardMembers} where ${and(
          eq(boardMembers.boardId, boards.id),
          eq(boardMembers.userId, userId),
        )})`,
        isPinned: sql<boolean>`exists (select 1 from ${boardPins} where ${and(
          eq(boardPins.boardId, boards.id),
          eq(boardPins.userId, userId),
        )})`,
      })
      .from(boards)
      .where(eq(boards.id, sql.placeholder('boardId')))
      .prepare('board_access_find');
  }

  /** The board with the caller's membership and pin, in one statement. */
  async find(boardId: string, userId: string): Promise<BoardAccessRow | undefined> {
    const [row] = await this.findQuery.execute({ boardId, userId });
    return row;
  }
}
