import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { attachmentThumbnailUrl, attachmentUrl, type Attachment } from '@papan/shared';
import { attachments } from '../../database/schema';

/** An attachment as the database builds it inside a card read (see `attachmentsOfCard`). */
export interface AttachmentJson {
  id: string;
  cardId: string;
  name: string;
  size: number;
  mimeType: string;
  isImage: boolean;
  createdAt: string;
  uploadedBy: string | null;
}

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

/** The API shape (ARCHITECTURE §10.7); images have a thumbnail. */
export function toAttachment(row: AttachmentJson): Attachment {
  return {
    _id: row.id,
    cardId: row.cardId,
    name: row.name,
    size: Number(row.size),
    mimeType: row.mimeType,
    isImage: row.isImage,
    url: attachmentUrl(row.id),
    ...(row.isImage ? { thumbnailUrl: attachmentThumbnailUrl(row.id) } : {}),
    createdAt: row.createdAt,
    uploadedBy: row.uploadedBy,
  };
}
