import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { boards } from './boards.table';
import { cards } from './cards.table';
import { createdAt, id } from './columns';
import { users } from './users.table';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A stored file (docs/api.md, "Attachments"), kept in the database in chunks so it is streamed in
 * and out (docs/decisions.md). A file and its thumbnail are each a blob; attachments point at them,
 * and a card copy's attachments point at the same blobs. A trigger deletes a blob when the last
 * attachment pointing at it goes, however it goes (card, list, board or account deleted).
 */
export const attachmentBlobs = pgTable('attachment_blobs', {
  id: id(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** The bytes of a blob, `ATTACHMENT_CHUNK_BYTES` per row, numbered from 0. */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    blobId: uuid('blob_id')
      .notNull()
      .references(() => attachmentBlobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);

export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    /** Denormalised from the card so the access check and the board read need no join. */
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => attachmentBlobs.id),
    thumbnailBlobId: uuid('thumbnail_blob_id').references(() => attachmentBlobs.id),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    isImage: boolean('is_image').notNull().default(false),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_card_idx').on(t.cardId, t.createdAt),
    index('attachments_board_idx').on(t.boardId),
    index('attachments_blob_idx').on(t.blobId),
    index('attachments_thumbnail_blob_idx').on(t.thumbnailBlobId),
  ],
);
