import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, max, sql } from 'drizzle-orm';
import type { Card, List } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { lists } from '../../database/schema';

export type ListRow = typeof lists.$inferSelect;

export const toList = (l: ListRow, cards: Card[]): List => ({
  _id: l.id,
  boardId: l.boardId,
  title: l.title,
  position: l.position,
  cards,
});

@Injectable()
export class ListsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(listId: string, ex: Executor = this.db): Promise<ListRow | undefined> {
    const [row] = await ex.select().from(lists).where(eq(lists.id, listId));
    return row;
  }

  /** The lists of a board in order. */
  async ofBoard(boardId: string, ex: Executor): Promise<ListRow[]> {
    return ex
      .select()
      .from(lists)
      .where(eq(lists.boardId, boardId))
      .orderBy(asc(lists.position), asc(lists.id));
  }

  async lastPosition(boardId: string, ex: Executor): Promise<number | null> {
    const [row] = await ex
      .select({ last: max(lists.position) })
      .from(lists)
      .where(eq(lists.boardId, boardId));
    return row?.last ?? null;
  }

  async insert(values: Pick<ListRow, 'boardId' | 'title' | 'position'>, ex: Executor): Promise<ListRow> {
    const [row] = await ex.insert(lists).values(values).returning();
    return row;
  }

  async rename(listId: string, title: string, ex: Executor): Promise<ListRow | undefined> {
    const [row] = await ex
      .update(lists)
      .set({ title, updatedAt: new Date() })
      .where(eq(lists.id, listId))
      .returning();
    return row;
  }

  /** Deletes the list; its cards (archived ones too) go with it by cascade. */
  async delete(listId: string, ex: Executor): Promise<void> {
    await ex.delete(lists).where(eq(lists.id, listId));
  }

  /** Sets many positions in one statement. */
  async place(positions: Map<string, number>, ex: Executor): Promise<void> {
    if (!positions.size) return;
    const rows = sql.join(
      [...positions].map(([id, position]) => sql`(${id}::uuid, ${position}::double precision)`),
      sql`, `,
    );
    await ex.execute(
      sql`update ${lists} set position = v.position
          from (values ${rows}) as v(id, position) where ${lists.id} = v.id`,
    );
  }
}
