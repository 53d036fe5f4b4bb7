import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { boards } from './boards.table';
import { createdAt, id } from './columns';
import { users } from './users.table';

export const activities = pgTable(
  'activities',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    /** HTML built from escaped user text only. */
    description: text('description').notNull(),
    /** What it says by id (ACTIVITY_TEMPLATES) and the values, for the reader's language. */
    template: text('template'),
    params: jsonb('params').$type<Record<string, string>>(),
    /** A change made by a rule: `{_id, name}` (docs/automation.md). */
    rule: jsonb('rule').$type<{ _id: string; name: string }>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_board_created_idx').on(t.boardId, t.createdAt),
    index('activities_user_idx').on(t.userId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** What it says by id (NOTIFICATION_TEMPLATES) and the values, for the reader's language. */
    template: text('template'),
    params: jsonb('params').$type<Record<string, string>>(),
    boardId: uuid('board_id').references(() => boards.id, { onDelete: 'set null' }),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);
