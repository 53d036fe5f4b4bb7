import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TokenScope } from '@papan/shared';
import { createdAt, id } from './columns';
import { users } from './users.table';

/**
 * Personal API tokens (docs/api.md, "Personal API tokens"). Only the SHA-256 of the secret is kept;
 * deleting the owner deletes their tokens (cascade), which ends them.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').array().$type<TokenScope[]>().notNull(),
    /** Null: every board the owner is a member of. */
    boardIds: uuid('board_ids').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
