/**
 * A file on a card (docs/api.md, "Attachments"). `url` streams it (board members only); images (PNG, JPEG,
 * WebP, GIF, told by their bytes) also have a `thumbnailUrl`. Several cards may share one stored
 * file (a card copy), each through its own attachment.
 */
export interface Attachment {
  _id: string;
  cardId: string;
  /** The name it was uploaded with, without folders or control characters, at most 255 characters. */
  name: string;
  /** Bytes. */
  size: number;
  mimeType: string;
  isImage: boolean;
  url: string;
  thumbnailUrl?: string;
  createdAt: string;
  /** Who uploaded it, by id; null once that account is deleted. */
  uploadedBy: string | null;
}

/** Longest attachment name kept (characters); a longer one is cut before its extension. */
export const ATTACHMENT_NAME_MAX = 255;

/** Where an attachment's file is read (`Authorization` header required). */
export const attachmentUrl = (id: string): string => `/api/attachments/${id}`;

/** Where an image attachment's thumbnail is read (`Authorization` header required). */
export const attachmentThumbnailUrl = (id: string): string => `/api/attachments/${id}/thumbnail`;
