import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { BoardCopyCards } from '@papan/shared';
import type { Executor } from '../../database/database';
import {
  boardFields,
  boardMembers,
  boards,
  cardLabels,
  cardMembers,
  cards,
  checklistItems,
  checklists,
  labels,
  lanes,
  lists,
  rules,
} from '../../database/schema';
import type { BoardCopyRows } from './board-copy-rows';
import { insertAll, insertBoardContent } from './board-content-writer.repository';

/** What a board copy reads of its source (docs/api.md, "Templates and board copy"). */
export type CopySource = NonNullable<Awaited<ReturnType<BoardCopyRepository['source']>>>;

@Injectable()
export class BoardCopyRepository {
  /**
   * The source board's rows for a copy, read inside the copy's transaction: its lists, lanes,
   * labels, fields and rules, and the live cards `which` names with their labels, checklists and items, and
   * their members who are `memberId` (the new board's only member). The board row is locked for
   * share first, so no change to it lands between these reads: the copy is of one version.
   */
  async source(boardId: string, which: BoardCopyCards, memberId: string, tx: Executor) {
    const [board] = await tx
      .select({ title: boards.title, description: boards.description })
      .from(boards)
      .where(eq(boards.id, boardId))
      .for('share');
    if (!board) return undefined;
    const copied: SQL | undefined =
      which === 'none'
        ? undefined
        : and(
            eq(cards.boardId, boardId),
            eq(cards.isArchived, false),
            which === 'templates' ? eq(cards.isTemplate, true) : undefined,
          );
    const cardIds = copied ? tx.select({ id: cards.id }).from(cards).where(copied) : null;
    const checklistRows = cardIds
      ? await tx
          .select()
          .from(checklists)
          .where(inArray(checklists.cardId, cardIds))
          .orderBy(asc(checklists.createdAt), asc(checklists.id))
      : [];
    return {
      board,
      labels: await tx.select().from(labels).where(eq(labels.boardId, boardId)),
      fields: await tx.select().from(boardFields).where(eq(boardFields.boardId, boardId)),
      lanes: await tx.select().from(lanes).where(eq(lanes.boardId, boardId)),
      lists: await tx.select().from(lists).where(eq(lists.boardId, boardId)),
      rules: await tx.select().from(rules).where(eq(rules.boardId, boardId)).orderBy(asc(rules.createdAt)),
      cards: copied ? await tx.select().from(cards).where(copied) : [],
      cardLabels: cardIds
        ? await tx.select().from(cardLabels).where(inArray(cardLabels.cardId, cardIds))
        : [],
      cardMembers: cardIds
        ? await tx
            .select()
            .from(cardMembers)
            .where(and(inArray(cardMembers.cardId, cardIds), eq(cardMembers.userId, memberId)))
        : [],
      checklists: checklistRows,
      items: checklistRows.length
        ? await tx
            .select()
            .from(checklistItems)
            .where(
              inArray(
                checklistItems.checklistId,
                checklistRows.map((c) => c.id),
              ),
            )
        : [],
    };
  }

  /**
   * The new board, in dependency order, a few multi-row statements per table. The cards recreate
   * what the source holds, they add no work: hard WIP limits are not checked for this transaction
   * (as for an import; docs/lanes.md, "Hard limits").
   */
  async write(rows: BoardCopyRows, tx: Executor): Promise<{ id: string; title: string; version: number }> {
    const [board] = await tx
      .insert(boards)
      .values(rows.board)
      .returning({ id: boards.id, title: boards.title, version: boards.version });
    await tx.insert(boardMembers).values({ boardId: board.id, userId: rows.board.ownerId });
    await insertBoardContent(tx, rows);
    await insertAll(
      tx,
      rules,
      rows.rules.map((rule) => ({ ...rule, cursor: board.version })),
    );
    return board;
  }
}
