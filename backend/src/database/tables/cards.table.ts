import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CardFields, FieldOption, FieldType, ListStage, WipMode } from '@papan/shared';
import { boards } from './boards.table';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users.table';

/** The text search document of a card, in both interface languages (columns of `cards`). */
export const CARD_SEARCH_DOCUMENT =
  "to_tsvector('english', title || ' ' || description) || to_tsvector('indonesian', title || ' ' || description)";

export const lists = pgTable(
  'lists',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: doublePrecision('position').notNull(),
    /** Its stage of the flow: backlog, active, done or null (docs/insights.md, "Stages"). */
    stage: text('stage').$type<ListStage>(),
    /**
     * Its work-in-progress limit (open cards in every lane), or null, and whether the database
     * refuses a card past it (`hard`) or lets it pass (`soft`) (docs/lanes.md).
     */
    wipLimit: integer('wip_limit'),
    wipMode: text('wip_mode').$type<WipMode>().notNull().default('soft'),
    /** Grows with every update of this row; `If-Match` is checked against it (docs/api.md, "Revisions"). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lists_board_position_idx').on(t.boardId, t.position),
    check('lists_wip_limit_range', sql`${t.wipLimit} between 1 and 999`),
    check('lists_wip_mode_known', sql`${t.wipMode} in ('soft', 'hard')`),
  ],
);

/** A board's swimlanes: rows across its lists (docs/lanes.md). Cards without one are in the default lane. */
export const lanes = pgTable(
  'lanes',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: doublePrecision('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lanes_board_position_idx').on(t.boardId, t.position)],
);

export const cards = pgTable(
  'cards',
  {
    id: id(),
    /** Denormalised from the list so a board read and an access check need no join. */
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: doublePrecision('position').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the card is due (null: no due date), and whether it is done (docs/api.md,
     * "Due dates, card members and reminders").
     */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    dueComplete: boolean('due_complete').notNull().default(false),
    /**
     * The image attachment shown on the card's face (docs/api.md, "Attachments"). No foreign key
     * (attachments reference cards): removing that attachment clears it in the same change, and
     * reads join it.
     */
    coverAttachmentId: uuid('cover_attachment_id'),
    /** Its swimlane; null is the default lane, where a deleted lane's cards go (docs/lanes.md). */
    laneId: uuid('lane_id').references(() => lanes.id, { onDelete: 'set null' }),
    /**
     * A template: out of counts, WIP limits (the triggers skip it), insights and the filter's
     * results; offered when adding a card (docs/product.md, "Templates").
     */
    isTemplate: boolean('is_template').notNull().default(false),
    /**
     * Its values of the board's custom fields, by field id (docs/fields.md). A field's delete, or a
     * select option's removal, takes its values out of every card in the same transaction.
     */
    fields: jsonb('fields').$type<CardFields>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Grows with every update of this row; `If-Match` is checked against it (docs/api.md, "Revisions"). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cards_list_position_idx').on(t.listId, t.position),
    index('cards_board_idx').on(t.boardId),
    // A lane's delete finds its cards (to the default lane) by this.
    index('cards_lane_idx')
      .on(t.laneId)
      .where(sql`${t.laneId} is not null`),
    // The reminder scheduler's look: open cards with a due date, by due time.
    index('cards_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null and not ${t.dueComplete}`),
    // Search (docs/api.md, "Search"): English and Indonesian stems of the title and description.
    // The search statement uses the same expression, so the planner can use the index.
    index('cards_search_idx')
      .using('gin', sql.raw(`(${CARD_SEARCH_DOCUMENT})`))
      .where(sql`not ${t.isArchived}`),
  ],
);

export const labels = pgTable(
  'labels',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('labels_board_idx').on(t.boardId)],
);

/** A board's custom fields, in order (docs/fields.md); cards hold their values in `cards.fields`. */
export const boardFields = pgTable(
  'board_fields',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Chosen when the field is made and never changed. */
    type: text('type').$type<FieldType>().notNull(),
    /** A select field's options in order (`[]` for the other types). */
    options: jsonb('options').$type<FieldOption[]>().notNull().default([]),
    showOnCard: boolean('show_on_card').notNull().default(false),
    /** Its 0-based index among the board's fields, kept dense. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('board_fields_board_position_idx').on(t.boardId, t.position),
    check(
      'board_fields_type_known',
      sql`${t.type} in ('text', 'number', 'date', 'checkbox', 'select', 'url')`,
    ),
  ],
);

export const cardLabels = pgTable(
  'card_labels',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.labelId] }), index('card_labels_label_idx').on(t.labelId)],
);

/**
 * Who works on a card (docs/api.md, "Due dates, card members and reminders"): board members only;
 * leaving the board takes them off its cards.
 */
export const cardMembers = pgTable(
  'card_members',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.userId] }), index('card_members_user_idx').on(t.userId)],
);

/**
 * The due-date reminders sent: one row per card, due time and kind. The row is the claim, so a
 * reminder goes out once whichever instance looks first, and again only for a new due time.
 */
export const dueReminders = pgTable(
  'due_reminders',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind', { enum: ['soon', 'overdue'] }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.dueAt, t.kind] })],
);

export const checklists = pgTable(
  'checklists',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Grows with every update of this row; `If-Match` is checked against it (docs/api.md, "Revisions"). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('checklists_card_idx').on(t.cardId), index('checklists_board_idx').on(t.boardId)],
);

export const checklistItems = pgTable(
  'checklist_items',
  {
    id: id(),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isCompleted: boolean('is_completed').notNull().default(false),
    /** Grows with every update of this row; `If-Match` is checked against it (docs/api.md, "Revisions"). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('checklist_items_checklist_idx').on(t.checklistId)],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** Null once the author deleted their account: the comment stays, shown as 'Deleted user'. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** Grows with every update of this row; `If-Match` is checked against it (docs/api.md, "Revisions"). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_card_created_idx').on(t.cardId, t.createdAt),
    index('comments_user_idx').on(t.userId),
  ],
);
