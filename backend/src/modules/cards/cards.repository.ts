import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { Checklist } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import {
  attachments,
  cardLabels,
  cardMembers,
  cards,
  checklistItems,
  checklists,
  labels,
} from '../../database/schema';

export type CardRow = typeof cards.$inferSelect;
export type LabelRow = typeof labels.$inferSelect;

@Injectable()
export class CardsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A live card; archived (deleted) cards are not found. */
  async find(cardId: string, ex: Executor = this.db): Promise<CardRow | undefined> {
    const [row] = await ex
      .select()
      .from(cards)
      .where(and(eq(cards.id, cardId), eq(cards.isArchived, false)));
    return row;
  }

  async findLabel(labelId: string, ex: Executor = this.db): Promise<LabelRow | undefined> {
    const [row] = await ex.select().from(labels).where(eq(labels.id, labelId));
    return row;
  }

  /** The live cards of a list in order, with their positions. */
  async order(
    listId: string,
    ex: Executor,
  ): Promise<{ id: string; position: number; title: string; laneId: string | null; isTemplate: boolean }[]> {
    return ex
      .select({
        id: cards.id,
        position: cards.position,
        title: cards.title,
        laneId: cards.laneId,
        isTemplate: cards.isTemplate,
      })
      .from(cards)
      .where(and(eq(cards.listId, listId), eq(cards.isArchived, false)))
      .orderBy(asc(cards.position), asc(cards.id));
  }

  /** Every live card of a board with its list (drag-and-drop validation). */
  async liveOfBoard(boardId: string, ex: Executor): Promise<{ id: string; listId: string }[]> {
    return ex
      .select({ id: cards.id, listId: cards.listId })
      .from(cards)
      .where(and(eq(cards.boardId, boardId), eq(cards.isArchived, false)));
  }

  async insert(
    values: Pick<CardRow, 'boardId' | 'listId' | 'title' | 'description' | 'position' | 'createdBy'> &
      Partial<Pick<CardRow, 'dueAt' | 'dueComplete' | 'laneId' | 'isTemplate' | 'fields'>>,
    ex: Executor,
  ): Promise<CardRow> {
    const [row] = await ex.insert(cards).values(values).returning();
    return row;
  }

  async update(
    cardId: string,
    values: Partial<
      Pick<
        CardRow,
        | 'title'
        | 'description'
        | 'dueAt'
        | 'dueComplete'
        | 'coverAttachmentId'
        | 'laneId'
        | 'isTemplate'
        | 'fields'
      >
    >,
    ex: Executor,
  ): Promise<CardRow | undefined> {
    const [row] = await ex
      .update(cards)
      .set({ ...values, revision: sql`${cards.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(cards.id, cardId), eq(cards.isArchived, false)))
      .returning();
    return row;
  }

  /**
   * Soft delete: the card leaves every read but its row stays. Its attachments go now, in the
   * same statement (no read shows them again), and with them the files no other card shares.
   */
  async archive(cardId: string, ex: Executor): Promise<void> {
    const now = new Date();
    await ex.execute(sql`
      with gone as (delete from ${attachments} where card_id = ${cardId})
      update ${cards} set is_archived = true, archived_at = ${now}, updated_at = ${now}, cover_attachment_id = null
      where id = ${cardId}`);
  }

  /** An image attachment of the card (a cover must be one), or undefined. */
  async imageAttachment(
    cardId: string,
    attachmentId: string,
    ex: Executor,
  ): Promise<{ name: string } | undefined> {
    const [row] = await ex
      .select({ name: attachments.name })
      .from(attachments)
      .where(
        and(eq(attachments.id, attachmentId), eq(attachments.cardId, cardId), eq(attachments.isImage, true)),
      );
    return row;
  }

  /**
   * Gives the copy `toId` attachments of the same files as `fromId`'s (the files are shared, not
   * copied: the blobs stay one), and the matching cover, in one statement.
   */
  async shareAttachments(fromId: string, toId: string, ex: Executor): Promise<void> {
    await ex.execute(sql`
      with copied as (
        insert into ${attachments}
          (board_id, card_id, blob_id, thumbnail_blob_id, name, mime_type, size, is_image, uploaded_by, created_at)
        select board_id, ${toId}, blob_id, thumbnail_blob_id, name, mime_type, size, is_image, uploaded_by, created_at
        from ${attachments} where card_id = ${fromId}
        returning id, blob_id
      )
      update ${cards} set cover_attachment_id = (
        select copied.id from copied
        join ${attachments} o on o.blob_id = copied.blob_id
        join ${cards} f on f.id = ${fromId} and o.id = f.cover_attachment_id
      )
      where id = ${toId}`);
  }

  /** The position of the last live card of a list, null when it has none. */
  async lastPosition(listId: string, ex: Executor): Promise<number | null> {
    const [row] = await ex
      .select({ last: max(cards.position) })
      .from(cards)
      .where(and(eq(cards.listId, listId), eq(cards.isArchived, false)));
    return row?.last ?? null;
  }

  /** Sets many positions (and lists) in one statement. */
  async place(changes: { id: string; listId: string; position: number }[], ex: Executor): Promise<void> {
    const statement = this.placeStatement(changes);
    if (statement) await ex.execute(statement);
  }

  /**
   * The update `place` sends, not yet sent (a board change sends it with its log row); null when
   * none. With `lane`, that card (one of `changes`) also goes to that lane (docs/lanes.md).
   */
  placeStatement(
    changes: { id: string; listId: string; position: number }[],
    lane?: { cardId: string; laneId: string | null },
  ): SQL | null {
    if (!changes.length) return null;
    const rows = sql.join(
      changes.map((c) => sql`(${c.id}::uuid, ${c.listId}::uuid, ${c.position}::double precision)`),
      sql`, `,
    );
    const laneSet = lane
      ? sql`, lane_id = case when ${cards.id} = ${lane.cardId}::uuid then ${lane.laneId}::uuid else ${cards.laneId} end`
      : sql``;
    return sql`update ${cards} set list_id = v.list_id, position = v.position${laneSet}
          from (values ${rows}) as v(id, list_id, position) where ${cards.id} = v.id`;
  }

  /** Attaches a label; answers false when it was already attached. */
  async attachLabel(cardId: string, labelId: string, ex: Executor): Promise<boolean> {
    const rows = await ex
      .insert(cardLabels)
      .values({ cardId, labelId })
      .onConflictDoNothing()
      .returning({ cardId: cardLabels.cardId });
    return rows.length > 0;
  }

  /** Detaches a label; answers false when it was not attached. */
  async detachLabel(cardId: string, labelId: string, ex: Executor): Promise<boolean> {
    const rows = await ex
      .delete(cardLabels)
      .where(and(eq(cardLabels.cardId, cardId), eq(cardLabels.labelId, labelId)))
      .returning({ cardId: cardLabels.cardId });
    return rows.length > 0;
  }

  /**
   * Gives `cardId` copies of the labels, members and checklists (with items) of the original, in the same
   * order: creation times are spaced a microsecond apart so the order survives the copy.
   */
  async copyContent(
    from: { labelIds: string[]; checklists: Checklist[]; memberIds: string[] },
    to: { id: string; boardId: string },
    ex: Executor,
  ): Promise<void> {
    const at = (i: number) => sql`now() + ${i} * interval '1 microsecond'`;
    if (from.labelIds.length) {
      await ex
        .insert(cardLabels)
        .values(from.labelIds.map((labelId, i) => ({ cardId: to.id, labelId, createdAt: at(i) })));
    }
    if (from.memberIds.length) {
      await ex
        .insert(cardMembers)
        .values(from.memberIds.map((userId, i) => ({ cardId: to.id, userId, createdAt: at(i) })));
    }
    if (!from.checklists.length) return;
    const copies = from.checklists.map((c) => ({ original: c, id: randomUUID() }));
    await ex.insert(checklists).values(
      copies.map((c, i) => ({
        id: c.id,
        boardId: to.boardId,
        cardId: to.id,
        title: c.original.title,
        createdAt: at(i),
      })),
    );
    const items = copies.flatMap((c) =>
      c.original.items.map((item) => ({ checklistId: c.id, text: item.text, isCompleted: item.isCompleted })),
    );
    if (items.length)
      await ex.insert(checklistItems).values(items.map((item, i) => ({ ...item, createdAt: at(i) })));
  }
}
