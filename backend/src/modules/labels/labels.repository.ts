import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Label } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { labels } from '../../database/schema';
import { toLabel } from './label.view';

export type LabelRow = typeof labels.$inferSelect;

@Injectable()
export class LabelsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The board's labels: the five defaults first, then custom ones by creation. */
  async forBoard(boardId: string): Promise<Label[]> {
    const rows = await this.db
      .select()
      .from(labels)
      .where(eq(labels.boardId, boardId))
      .orderBy(desc(labels.isDefault), asc(labels.createdAt));
    return rows.map(toLabel);
  }

  async countCustom(boardId: string, tx: Executor): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(labels)
      .where(and(eq(labels.boardId, boardId), eq(labels.isDefault, false)));
    return Number(row.n);
  }

  async create(values: { boardId: string; name: string; color: string }, tx: Executor): Promise<LabelRow> {
    const [row] = await tx.insert(labels).values(values).returning();
    return row;
  }

  async update(
    labelId: string,
    values: Partial<Pick<LabelRow, 'name' | 'color'>>,
    tx: Executor,
  ): Promise<LabelRow | undefined> {
    const [row] = await tx.update(labels).set(values).where(eq(labels.id, labelId)).returning();
    return row;
  }

  /** Deletes the label; ON DELETE CASCADE takes it off every card. */
  async delete(labelId: string, tx: Executor): Promise<LabelRow | undefined> {
    const [row] = await tx.delete(labels).where(eq(labels.id, labelId)).returning();
    return row;
  }
}
