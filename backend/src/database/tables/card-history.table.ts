import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { boards } from './boards.table';
import { id } from './columns';

/**
 * Where each card has been (docs/insights.md, "The card history"): one row per stay in a list.
 * Written by the database itself, in the transaction of the change, by the triggers of migration
 * 0015 on `cards`: a card inserted (created, copied, imported, restored) or moved opens a row, a move
 * or a delete closes the open one. No foreign key to the card or the list: the history outlives both,
 * and goes with the board.
 */
export const cardHistory = pgTable(
  'card_history',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').notNull(),
    listId: uuid('list_id').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }),
    /** The list of the card's stay before this one; null for its first. */
    fromListId: uuid('from_list_id'),
    /** The list of its stay after this one; null while there is none (it is here, or was deleted here). */
    toListId: uuid('to_list_id'),
  },
  (t) => [
    index('card_history_board_entered_idx').on(t.boardId, t.enteredAt),
    index('card_history_card_entered_idx').on(t.cardId, t.enteredAt),
    // A card stands in one list at a time.
    uniqueIndex('card_history_open_idx')
      .on(t.cardId)
      .where(sql`${t.leftAt} is null`),
    // The stays that ended in a range (time in list, the CFD's past).
    index('card_history_board_left_idx').on(t.boardId, t.leftAt),
    // Where the board's open cards stand now (aging, WIP).
    index('card_history_board_open_idx')
      .on(t.boardId, t.listId)
      .where(sql`${t.leftAt} is null`),
  ],
);
