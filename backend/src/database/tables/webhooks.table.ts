import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BoardEventType } from '@papan/shared';
import { createdAt, id } from './columns';
import { boards } from './boards.table';
import { users } from './users.table';

/**
 * A board's webhooks (docs/api.md, "Webhooks"). `cursor` is the board version up to which the event
 * log has been copied into the delivery queue; a webhook whose cursor is behind its board has work.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Empty: every event type. */
    events: text('events').array().$type<BoardEventType[]>().notNull(),
    /** The 32 signing bytes, base64 (see docs/security.md). */
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    cursor: integer('cursor').notNull(),
    /** Failed attempts in a row; a success sets it back to 0. */
    failures: integer('failures').notNull().default(0),
    /** Who added it: reclaiming that account turns it off (docs/security.md, section 14). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_board_idx').on(t.boardId), index('webhooks_created_by_idx').on(t.createdBy)],
);

/**
 * The durable outbox: one row per body still to deliver. A claim sets `claimId` and `lockedUntil`
 * (FOR UPDATE SKIP LOCKED), so exactly one instance sends it; the row goes when it is delivered or
 * given up, and a retry moves `nextAt`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The body's `id` and the `webhook-id` header: the same on every retry. */
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    /** The exact JSON sent, so every retry signs and sends the same bytes. */
    body: text('body').notNull(),
    /** Attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimId: uuid('claim_id'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_next_idx').on(t.nextAt),
    index('webhook_deliveries_webhook_idx').on(t.webhookId),
  ],
);

/** The delivery log: one row per attempt, the last WEBHOOK_LIMITS.deliveries kept per webhook. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_webhook_idx').on(t.webhookId, t.createdAt)],
);
