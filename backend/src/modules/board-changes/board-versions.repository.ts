import { Injectable } from '@nestjs/common';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../database/database';
import { boards } from '../../database/schema';
import type { Statement } from '../../database/statement';

/** The board row's version: the lock every change to a board takes first. */
@Injectable()
export class BoardVersionsRepository {
  /**
   * Locks the board row and bumps its version in one statement; answers the new version, or null
   * when the board does not exist. Taking this lock first serialises every change to one board.
   */
  bump(boardId: string, tx: Transaction): Promise<number | null> {
    // Sent by this call, not at the caller's await (`then` now): a statement the caller issues
    // after it, without waiting for its answer, reaches the database after it and runs under the lock.
    return tx
      .update(boards)
      .set({ version: sql`${boards.version} + 1`, updatedAt: new Date() })
      .where(eq(boards.id, boardId))
      .returning({ version: boards.version })
      .then(([row]) => row?.version ?? null);
  }

  /**
   * The update that takes `n` more versions of a board whose row the transaction holds, not yet
   * sent (a change's later events: `BoardChange.also`).
   */
  advanceStatement(boardId: string, n: number): Statement {
    return sql`update ${boards} set version = version + ${n} where id = ${boardId}`;
  }

  /**
   * `bump` for several boards in one statement, locking their rows in id order (two such changes
   * cannot deadlock); answers the boards that exist with their new versions.
   */
  bumpAll(boardIds: string[], tx: Transaction): Promise<{ boardId: string; version: number }[]> {
    const locked = tx
      .select({ id: boards.id })
      .from(boards)
      .where(inArray(boards.id, boardIds))
      .orderBy(boards.id)
      .for('update');
    return tx
      .update(boards)
      .set({ version: sql`${boards.version} + 1`, updatedAt: new Date() })
      .where(inArray(boards.id, locked))
      .returning({ boardId: boards.id, version: boards.version });
  }
}
