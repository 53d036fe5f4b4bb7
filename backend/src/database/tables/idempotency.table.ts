import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users.table';

/**
 * The first answer to a create sent with an `Idempotency-Key` (modules/idempotency): a retry with
 * the same key by the same user on the same route gets it back instead of creating again.
 * `status` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /**
     * Which request holds the key: only that request completes or releases it, even when its
     * claim's answer was lost with the connection (the insert may or may not have committed).
     */
    claimId: uuid('claim_id'),
    status: integer('status'),
    /** The JSON answer exactly as it was sent (text, so a replay is byte for byte the same). */
    body: text('body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.method, t.path, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
