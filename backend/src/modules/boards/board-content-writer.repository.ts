import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../database/database';
import {
  boardFields,
  cardLabels,
  cardMembers,
  cards,
  checklistItems,
  checklists,
  labels,
  lanes,
  lists,
} from '../../database/schema';

/** Rows per insert statement: far below the 65,535 parameters a statement may carry. */
const BATCH = 500;

/** What a board copy and an import both write into a new board. */
export interface BoardContentRows {
  labels: (typeof labels.$inferInsert)[];
  fields: (typeof boardFields.$inferInsert)[];
  lanes: (typeof lanes.$inferInsert)[];
  lists: (typeof lists.$inferInsert)[];
  cards: (typeof cards.$inferInsert)[];
  cardLabels: (typeof cardLabels.$inferInsert)[];
  cardMembers: (typeof cardMembers.$inferInsert)[];
  checklists: (typeof checklists.$inferInsert)[];
  items: (typeof checklistItems.$inferInsert)[];
}

/**
 * A new board's labels, fields, lanes, lists, cards with their labels and members, checklists and
 * items, in the order their references need. A board written whole adds no work: its lists come
 * with the cards they had, over a hard limit or not (docs/lanes.md, "Hard limits").
 */
export async function insertBoardContent(tx: Executor, rows: BoardContentRows): Promise<void> {
  await insertAll(tx, labels, rows.labels);
  await insertAll(tx, boardFields, rows.fields);
  await insertAll(tx, lanes, rows.lanes);
  await insertAll(tx, lists, rows.lists);
  await tx.execute(sql`select set_config('papan.wip', 'off', true)`);
  await insertAll(tx, cards, rows.cards);
  await insertAll(tx, cardLabels, rows.cardLabels);
  await insertAll(tx, cardMembers, rows.cardMembers);
  await insertAll(tx, checklists, rows.checklists);
  await insertAll(tx, checklistItems, rows.items);
}

/** Many rows of one table, a batch per statement. */
export async function insertAll<T extends PgTable>(
  tx: Executor,
  table: T,
  values: T['$inferInsert'][],
): Promise<void> {
  for (let i = 0; i < values.length; i += BATCH) await tx.insert(table).values(values.slice(i, i + BATCH));
}
