import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BoardField } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { boardFields, cards } from '../../database/schema';
import { toField, type FieldRow } from './field.view';

/** A board's custom fields and the values its cards hold for them (docs/fields.md). */
@Injectable()
export class FieldsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The board's fields in order. */
  async ofBoard(boardId: string, ex: Executor = this.db): Promise<BoardField[]> {
    return (await this.rowsOf(boardId, ex)).map(toField);
  }

  rowsOf(boardId: string, ex: Executor): Promise<FieldRow[]> {
    return ex
      .select()
      .from(boardFields)
      .where(eq(boardFields.boardId, boardId))
      .orderBy(asc(boardFields.position), asc(boardFields.createdAt), asc(boardFields.id));
  }

  async insert(
    values: Pick<FieldRow, 'boardId' | 'name' | 'type' | 'options' | 'showOnCard' | 'position'>,
    tx: Executor,
  ): Promise<FieldRow> {
    const [row] = await tx.insert(boardFields).values(values).returning();
    return row;
  }

  async update(
    fieldId: string,
    values: Partial<Pick<FieldRow, 'name' | 'options' | 'showOnCard' | 'position'>>,
    tx: Executor,
  ): Promise<FieldRow | undefined> {
    const [row] = await tx
      .update(boardFields)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(boardFields.id, fieldId))
      .returning();
    return row;
  }

  /** Gives each of the board's fields its index in `order` (ids) as its position, in one statement. */
  async renumber(order: string[], tx: Executor): Promise<void> {
    if (!order.length) return;
    // Ids are uuids, so the array literal needs no quoting.
    await tx.execute(sql`
      update ${boardFields} f set position = o.n - 1
      from unnest(${`{${order.join(',')}}`}::uuid[]) with ordinality as o(id, n)
      where f.id = o.id and f.position <> o.n - 1`);
  }

  async delete(fieldId: string, tx: Executor): Promise<FieldRow | undefined> {
    const [row] = await tx.delete(boardFields).where(eq(boardFields.id, fieldId)).returning();
    return row;
  }

  /**
   * Takes field `fieldId`'s value off every card of the board (archived ones too, so a restored
   * card brings none back), or only the values not among `keptOptions` (a select's removed options).
   * The cards' revisions stay: the field's own event tells every reader to drop the values.
   */
  async clearValues(boardId: string, fieldId: string, keptOptions: string[] | null, tx: Executor) {
    const holds = sql`${cards.fields} -> ${fieldId} is not null`;
    const removed =
      keptOptions === null
        ? holds
        : and(holds, sql`not ((${cards.fields} -> ${fieldId}) <@ ${JSON.stringify(keptOptions)}::jsonb)`);
    await tx
      .update(cards)
      .set({ fields: sql`${cards.fields} - ${fieldId}::text` })
      .where(and(eq(cards.boardId, boardId), removed));
  }
}
