import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Checklist, ChecklistItem, ChecklistTotals } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { checklistItems, checklists } from '../../database/schema';

export type ChecklistRow = typeof checklists.$inferSelect;
export type ChecklistItemRow = typeof checklistItems.$inferSelect;

export const toChecklistItem = (i: ChecklistItemRow): ChecklistItem => ({
  _id: i.id,
  checklistId: i.checklistId,
  text: i.text,
  isCompleted: i.isCompleted,
  revision: i.revision,
});

export const toChecklist = (c: ChecklistRow, items: ChecklistItemRow[]): Checklist => ({
  _id: c.id,
  cardId: c.cardId,
  title: c.title,
  items: items.map(toChecklistItem),
  revision: c.revision,
});

@Injectable()
export class ChecklistsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The item only when it belongs to that checklist. */
  async findItem(
    checklistId: string,
    itemId: string,
    ex: Executor = this.db,
  ): Promise<ChecklistItemRow | undefined> {
    const [row] = await ex
      .select()
      .from(checklistItems)
      .where(and(eq(checklistItems.id, itemId), eq(checklistItems.checklistId, checklistId)));
    return row;
  }

  /** How many items the checklist has and how many are done, as the change's transaction sees them. */
  async totals(checklistId: string, tx: Executor): Promise<ChecklistTotals> {
    const [row] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        done: sql<number>`(count(*) filter (where ${checklistItems.isCompleted}))::int`,
      })
      .from(checklistItems)
      .where(eq(checklistItems.checklistId, checklistId));
    return row ?? { total: 0, done: 0 };
  }

  async items(checklistId: string, tx: Executor): Promise<ChecklistItemRow[]> {
    return tx
      .select()
      .from(checklistItems)
      .where(eq(checklistItems.checklistId, checklistId))
      .orderBy(asc(checklistItems.createdAt));
  }

  async create(
    values: { boardId: string; cardId: string; title: string; createdAt?: Date },
    tx: Executor,
  ): Promise<ChecklistRow> {
    const [row] = await tx.insert(checklists).values(values).returning();
    return row;
  }

  async find(checklistId: string, tx: Executor): Promise<ChecklistRow | undefined> {
    const [row] = await tx.select().from(checklists).where(eq(checklists.id, checklistId));
    return row;
  }

  async update(checklistId: string, title: string, tx: Executor): Promise<ChecklistRow | undefined> {
    const [row] = await tx
      .update(checklists)
      .set({ title, revision: sql`${checklists.revision} + 1` })
      .where(eq(checklists.id, checklistId))
      .returning();
    return row;
  }

  /** Deletes the checklist; ON DELETE CASCADE takes its items. */
  async delete(checklistId: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .delete(checklists)
      .where(eq(checklists.id, checklistId))
      .returning({ id: checklists.id });
    return rows.length > 0;
  }

  /** `createdAt`: the items made in one transaction keep their order (they are read by it). */
  async createItem(
    checklistId: string,
    text: string,
    tx: Executor,
    createdAt?: Date,
  ): Promise<ChecklistItemRow> {
    const [row] = await tx
      .insert(checklistItems)
      .values({ checklistId, text, ...(createdAt ? { createdAt } : {}) })
      .returning();
    return row;
  }

  async updateItem(
    checklistId: string,
    itemId: string,
    values: Partial<Pick<ChecklistItemRow, 'text' | 'isCompleted'>>,
    tx: Executor,
  ): Promise<ChecklistItemRow | undefined> {
    const [row] = await tx
      .update(checklistItems)
      .set({ ...values, revision: sql`${checklistItems.revision} + 1` })
      .where(and(eq(checklistItems.id, itemId), eq(checklistItems.checklistId, checklistId)))
      .returning();
    return row;
  }

  async deleteItem(checklistId: string, itemId: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .delete(checklistItems)
      .where(and(eq(checklistItems.id, itemId), eq(checklistItems.checklistId, checklistId)))
      .returning({ id: checklistItems.id });
    return rows.length > 0;
  }
}
