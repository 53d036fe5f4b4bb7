import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users.table';

/**
 * Two-factor sign-in with TOTP (docs/security.md, "Two-factor sign-in"). One row per account that
 * started a setup: `secret` is the shared secret (base32); `enabledAt` is null until a first code
 * confirmed it; `lastStep` is the last 30-second step a code was accepted for, so each code counts once.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The ten recovery codes of an account with 2FA: only their SHA-256 is kept, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in waiting for its second factor: the password, Google or OIDC step succeeded and answered
 * `{twoFactorRequired, challenge}`; only the challenge's SHA-256 is kept. Five wrong codes end it.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['password', 'google', 'oidc'] }).notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('two_factor_challenges_method_check', sql`${t.method} in ('password', 'google', 'oidc')`),
    index('two_factor_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

/** People linked to an OpenID Connect provider's account, by the provider's `iss` and `sub`. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('oidc_identities_user_idx').on(t.userId)],
);

/**
 * A provider's account waiting to be linked to the local account with its address: the link is made
 * only when that account's owner signs in with its password, in the browser that holds the token
 * (no silent takeover). Only the token's SHA-256 is kept.
 */
export const oidcPendingLinks = pgTable(
  'oidc_pending_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('oidc_pending_links_expires_at_idx').on(t.expiresAt)],
);
