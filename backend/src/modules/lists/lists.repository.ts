import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Card, List } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { cards, lists } from '../../database/schema';

export type ListRow = typeof lists.$inferSelect;
/** A live card as an order of cards names it, with its lane (null: the default lane). */
export interface OrderedCard {
  id: string;
  position: number;
  laneId: string | null;
  /** A template: no work, so no WIP limit counts it (docs/product.md, "Templates"). */
  isTemplate: boolean;
}

export const toList = (l: ListRow, cards: Card[]): List => ({
  _id: l.id,
  boardId: l.boardId,
  title: l.title,
  position: l.position,
  stage: l.stage,
  wipLimit: l.wipLimit,
  wipMode: l.wipMode,
  revision: l.revision,
  cards,
});

@Injectable()
export class ListsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Some lists, each with its live cards in order, in one statement (a move reads both of its lists
   * this way, inside the board's lock), and the title of the card `titled` (the one being moved).
   * A list that does not exist is not in the answer. The cards come as one text per list
   * (`id position lane template,…`, lane empty for the default lane, template `t` or empty): a row per card was most of a move's
   * time spent parsing on a 100-card list.
   */
  async withCards(
    listIds: string[],
    titled: string,
    ex: Executor,
  ): Promise<{ lists: Map<string, { list: ListRow; cards: OrderedCard[] }>; title: string | null }> {
    const rows = await ex
      .select({
        list: lists,
        cards: sql<
          string | null
        >`(select string_agg(c.id::text || ' ' || c.position::text || ' ' || coalesce(c.lane_id::text, '') || ' ' || case when c.is_template then 't' else '' end, ',' order by c.position, c.id)
          from ${cards} c where c.list_id = "lists"."id" and not c.is_archived)`,
        title: sql<
          string | null
        >`(select c.title from ${cards} c where c.id = ${titled} and c.list_id = "lists"."id")`,
      })
      .from(lists)
      .where(inArray(lists.id, listIds));
    const found = new Map<string, { list: ListRow; cards: OrderedCard[] }>();
    let title: string | null = null;
    for (const row of rows) {
      title ??= row.title;
      const ordered = row.cards ? row.cards.split(',') : [];
      found.set(row.list.id, {
        list: row.list,
        cards: ordered.map((entry) => {
          const [id, position, lane, template] = entry.split(' ');
          return { id: id!, position: Number(position), laneId: lane || null, isTemplate: template === 't' };
        }),
      });
    }
    return { lists: found, title };
  }

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

  /** Sets the title, the stage or the WIP limit and mode (what is left out stays as it was). */
  async update(
    listId: string,
    values: Partial<Pick<ListRow, 'title' | 'stage' | 'wipLimit' | 'wipMode'>>,
    ex: Executor,
  ): Promise<ListRow | undefined> {
    const [row] = await ex
      .update(lists)
      .set({ ...values, revision: sql`${lists.revision} + 1`, updatedAt: new Date() })
      .where(eq(lists.id, listId))
      .returning();
    return row;
  }

  /**
   * How many open cards the list holds (in every lane), templates left out: what its WIP limit
   * counts (docs/lanes.md).
   */
  async openCount(listId: string, ex: Executor): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(cards)
      .where(and(eq(cards.listId, listId), eq(cards.isArchived, false), eq(cards.isTemplate, false)));
    return row?.n ?? 0;
  }

  /** Deletes the list; its cards (archived ones too) go with it by cascade. */
  async delete(listId: string, ex: Executor): Promise<void> {
    await ex.delete(lists).where(eq(lists.id, listId));
  }

  /** The update that sets many positions, not yet sent (a board change sends it with its log row); null when none. */
  placeStatement(positions: Map<string, number>): SQL | null {
    if (!positions.size) return null;
    const rows = sql.join(
      [...positions].map(([id, position]) => sql`(${id}::uuid, ${position}::double precision)`),
      sql`, `,
    );
    return sql`update ${lists} set position = v.position
          from (values ${rows}) as v(id, position) where ${lists.id} = v.id`;
  }
}
