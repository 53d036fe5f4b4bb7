import { attachmentThumbnailUrl, attachmentUrl, type Attachment } from '@papan/shared';

/** An attachment as the database builds it inside a card read (`attachmentsOfCard`, AttachmentsRepository's file). */
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

/** The API shape (docs/api.md, "Attachments"); images have a thumbnail. */
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
