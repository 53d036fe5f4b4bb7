import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import {
  attachments,
  blockedUsers,
  boardMembers,
  boards,
  cardHistory,
  comments,
  users,
} from '../../database/schema';
import { insertAll, insertBoardContent } from '../boards/board-content-writer.repository';
import type { ImportRows, MatchedUser } from './import-rows';

@Injectable()
export class BoardImportRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The accounts of `emails` the importer may put on a board: their own, and those of people who
   * already share a board with them, neither blocking the other (docs/decisions.md).
   */
  async collaborators(ownerId: string, emails: string[]): Promise<MatchedUser[]> {
    if (!emails.length) return [];
    const rows = await this.db
      .select({ id: users.id, name: users.name, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(
        sql`lower(${users.email}) in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})
        and (${users.id} = ${ownerId} or exists (
          select 1 from ${boardMembers} mine join ${boardMembers} theirs on theirs.board_id = mine.board_id
          where mine.user_id = ${ownerId} and theirs.user_id = ${users.id}))
        and not exists (
          select 1 from ${blockedUsers} b
          where (b.blocker_id = ${ownerId} and b.blocked_id = ${users.id})
             or (b.blocker_id = ${users.id} and b.blocked_id = ${ownerId}))`,
      );
    return rows;
  }

  /** The whole board, in dependency order, a few multi-row statements per table. */
  async write(rows: ImportRows, tx: Executor): Promise<{ id: string; title: string; version: number }> {
    const [board] = await tx
      .insert(boards)
      .values(rows.board)
      .returning({ id: boards.id, title: boards.title, version: boards.version });
    await insertAll(tx, boardMembers, rows.members);
    await insertBoardContent(tx, rows);
    await insertAll(tx, comments, rows.comments);
    await insertAll(tx, attachments, rows.attachments);
    if (rows.history) {
      // The file's history replaces what the triggers wrote for the inserted cards.
      await tx.delete(cardHistory).where(eq(cardHistory.boardId, board.id));
      await insertAll(tx, cardHistory, rows.history);
    }
    return board;
  }
}
