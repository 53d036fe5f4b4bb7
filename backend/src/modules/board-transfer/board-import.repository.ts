import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import {
  attachments,
  blockedUsers,
  boardFields,
  boardMembers,
  boards,
  cardHistory,
  cardLabels,
  cardMembers,
  cards,
  checklistItems,
  checklists,
  comments,
  labels,
  lanes,
  lists,
  users,
} from '../../database/schema';
import type { ImportRows, MatchedUser } from './import-rows';

/** Rows per insert statement: far below the 65,535 parameters a statement may carry. */
const BATCH = 500;

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
    await insertAll(tx, labels, rows.labels);
    await insertAll(tx, boardFields, rows.fields);
    await insertAll(tx, lanes, rows.lanes);
    await insertAll(tx, lists, rows.lists);
    // An import recreates cards, it adds no work: a list comes in with the cards it had, over its
    // hard limit or not (docs/lanes.md, "Hard limits").
    await tx.execute(sql`select set_config('papan.wip', 'off', true)`);
    await insertAll(tx, cards, rows.cards);
    await insertAll(tx, cardLabels, rows.cardLabels);
    await insertAll(tx, cardMembers, rows.cardMembers);
    await insertAll(tx, checklists, rows.checklists);
    await insertAll(tx, checklistItems, rows.items);
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

async function insertAll<T extends PgTable>(
  tx: Executor,
  table: T,
  values: T['$inferInsert'][],
): Promise<void> {
  for (let i = 0; i < values.length; i += BATCH) await tx.insert(table).values(values.slice(i, i + BATCH));
}
