import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attachmentBlobs } from './attachments.table';
import { createdAt, id } from './columns';
import { users } from './users.table';

/**
 * A deletion that can still be undone (docs/api.md, "Undo"): what went, as rows, and who may bring
 * it back until when. The token is never stored, only its sha256. `boardId` has no foreign key: an
 * undo into a deleted board is a clear 409, not a missing token. Once used or expired the rows are
 * dropped (`snapshot` null) and the entry stays a day so a late undo hears why (410).
 */
export const undoEntries = pgTable(
  'undo_entries',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: uuid('board_id').notNull(),
    kind: text('kind', { enum: ['card', 'list', 'checklist', 'comment'] }).notNull(),
    /** The id of what was deleted (the card, list, checklist or comment). */
    targetId: uuid('target_id').notNull(),
    /** The rows that went, by table, exactly as stored (`to_jsonb` of each row). */
    snapshot: jsonb('snapshot'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('undo_entries_expires_idx').on(t.expiresAt)],
);

/**
 * The files of deleted attachments an undo entry keeps: the blob-freeing trigger leaves a blob
 * alone while a row here names it, and frees it when the last such row goes (the entry expired).
 */
export const undoBlobRefs = pgTable(
  'undo_blob_refs',
  {
    undoId: uuid('undo_id')
      .notNull()
      .references(() => undoEntries.id, { onDelete: 'cascade' }),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => attachmentBlobs.id),
  },
  (t) => [primaryKey({ columns: [t.undoId, t.blobId] }), index('undo_blob_refs_blob_idx').on(t.blobId)],
);
