import { Inject, Injectable } from '@nestjs/common';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { attachments, cards } from '../../database/schema';
import type { AttachmentJson } from './attachment-json';

export type NewAttachment = Pick<
  typeof attachments.$inferInsert,
  | 'boardId'
  | 'cardId'
  | 'blobId'
  | 'thumbnailBlobId'
  | 'name'
  | 'mimeType'
  | 'size'
  | 'isImage'
  | 'uploadedBy'
>;

/**
 * The attachments of the card whose id is `cardId` (a column of the outer statement), oldest first,
 * as one JSON array: the card reads carry them without a statement of their own.
 */
export function attachmentsOfCard(cardId: SQL | AnyPgColumn): SQL<AttachmentJson[]> {
  return sql<AttachmentJson[]>`(
    select coalesce(json_agg(json_build_object(
      'id', a.id, 'cardId', a.card_id, 'name', a.name, 'size', a.size, 'mimeType', a.mime_type,
      'isImage', a.is_image, 'uploadedBy', a.uploaded_by,
      'createdAt', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by a.created_at, a.id), '[]'::json)
    from ${attachments} a where a.card_id = ${cardId}
  )`;
}

const columns = {
  id: attachments.id,
  cardId: attachments.cardId,
  name: attachments.name,
  size: attachments.size,
  mimeType: attachments.mimeType,
  isImage: attachments.isImage,
  uploadedBy: attachments.uploadedBy,
  createdAt: attachments.createdAt,
};

const toJson = (row: { createdAt: Date } & Omit<AttachmentJson, 'createdAt'>): AttachmentJson => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** Attachment rows (docs/api.md, "Attachments"); their bytes live in AttachmentBlobsRepository. */
@Injectable()
export class AttachmentsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewAttachment, ex: Executor): Promise<AttachmentJson> {
    const [row] = await ex.insert(attachments).values(values).returning(columns);
    return toJson(row);
  }

  async ofCard(cardId: string, ex: Executor = this.db): Promise<AttachmentJson[]> {
    const rows = await ex
      .select(columns)
      .from(attachments)
      .where(eq(attachments.cardId, cardId))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    return rows.map(toJson);
  }

  async countOfCard(cardId: string, ex: Executor): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(attachments).where(eq(attachments.cardId, cardId));
    return row?.n ?? 0;
  }

  /** Deletes it (its blobs go with it when nothing else points at them: a database trigger). */
  async delete(id: string, ex: Executor): Promise<AttachmentJson | undefined> {
    const [row] = await ex.delete(attachments).where(eq(attachments.id, id)).returning(columns);
    return row && toJson(row);
  }

  /** Takes the cover off the card when it was this attachment; answers the card's cover after. */
  async uncover(cardId: string, attachmentId: string, ex: Executor): Promise<string | null> {
    const [row] = await ex
      .update(cards)
      .set({
        coverAttachmentId: sql`case when ${cards.coverAttachmentId} = ${attachmentId} then null else ${cards.coverAttachmentId} end`,
      })
      .where(eq(cards.id, cardId))
      .returning({ cover: cards.coverAttachmentId });
    return row?.cover ?? null;
  }
}
