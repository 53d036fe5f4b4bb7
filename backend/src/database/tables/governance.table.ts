import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users.table';

/**
 * The audit log (docs/security.md, "Audit log"): one row per audited action, written in the
 * transaction of what it records. `seq` orders the rows; each row's `hash` is the SHA-256 of the
 * previous row's hash and its own content, so a row changed in the database breaks the chain.
 * The actor is kept by id and address without a foreign key: the row outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.seq),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
  ],
);

/** Announcement banner shown to everyone signed in (docs/api.md, "Admin settings"). */
export interface Announcement {
  text: string;
  level: 'info' | 'warning';
}

/**
 * The instance's settings, one row (`id` = 1): who may register, from which e-mail domains, the
 * announcement, and whether admins must use 2FA. `version` grows with every change, so each
 * instance can tell its cached copy is stale.
 */
export const instanceSettings = pgTable(
  'instance_settings',
  {
    id: integer('id').primaryKey().default(1),
    registration: text('registration', { enum: ['open', 'invite', 'closed'] })
      .notNull()
      .default('open'),
    allowedEmailDomains: text('allowed_email_domains').array().notNull().default([]),
    announcement: jsonb('announcement').$type<Announcement | null>(),
    requireTwoFactorForAdmins: boolean('require_two_factor_for_admins').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('instance_settings_one_row', sql`${t.id} = 1`),
    check('instance_settings_registration_check', sql`${t.registration} in ('open', 'invite', 'closed')`),
  ],
);

/** An administrator's invitation to register (`POST /api/admin/invites`): only the token's SHA-256 is kept. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_invites_email_idx').on(t.email)],
);
