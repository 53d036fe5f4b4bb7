import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { boards } from './boards.table';

/**
 * docs/decisions.md, "The board event log": every committed board change, stored in its transaction
 * exactly as the `board:event` that is emitted. Gap-free per board (the version is the board's
 * after the change).
 */
export const boardEvents = pgTable(
  'board_events',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    /** Who made the change (null: a rule); no foreign key: the log outlives a deleted account. */
    actorId: uuid('actor_id'),
    /** A change made by a rule: `{_id, name, depth}` (docs/automation.md, "Loops"). */
    rule: jsonb('rule').$type<{ _id: string; name: string; depth: number }>(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.version] }),
    index('board_events_occurred_at_idx').on(t.occurredAt),
  ],
);
