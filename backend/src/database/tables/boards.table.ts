import { boolean, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users.table';

export const boards = pgTable(
  'boards',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isArchived: boolean('is_archived').notNull().default(false),
    linkJoining: boolean('link_joining').notNull().default(true),
    /** Offered in "Create board → From a template" (docs/product.md, "Templates"). */
    isTemplate: boolean('is_template').notNull().default(false),
    /** Grows with every change to the board; the ETag and the real-time gap check are built on it. */
    version: integer('version').notNull().default(1),
    /** Grows with every update of this row; `If-Match` is checked against it (docs/api.md, "Revisions"). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('boards_owner_idx').on(t.ownerId), index('boards_created_at_idx').on(t.createdAt)],
);

export const boardMembers = pgTable(
  'board_members',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index('board_members_user_idx').on(t.userId)],
);

export const boardInvitations = pgTable(
  'board_invitations',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('board_invitations_board_email_uq').on(t.boardId, t.email),
    index('board_invitations_email_idx').on(t.email),
  ],
);

/**
 * Members the owner removed: they cannot join again by link until the owner invites them
 * (docs/api.md, "Members").
 */
export const boardRemovals = pgTable(
  'board_removals',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index('board_removals_user_idx').on(t.userId)],
);

export const boardPins = pgTable(
  'board_pins',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.boardId] }), index('board_pins_board_idx').on(t.boardId)],
);
