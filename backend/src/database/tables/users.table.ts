import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SocialLinks } from '@papan/shared';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['ADMIN', 'MEMBER', 'OWNER'] })
      .notNull()
      .default('MEMBER'),
    provider: text('provider', { enum: ['local', 'google', 'oidc'] })
      .notNull()
      .default('local'),
    googleId: text('google_id').unique(),
    /**
     * The owner proved the address: a verification link, Google, or an administrator
     * (docs/decisions.md, "Proven addresses").
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    profilePictureUrl: text('profile_picture_url'),
    gender: text('gender').notNull().default(''),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('ADMIN', 'MEMBER', 'OWNER')`),
    check('users_provider_check', sql`${t.provider} in ('local', 'google', 'oidc')`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const loginSessions = pgTable(
  'login_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browser: text('browser').notNull().default('Unknown'),
    os: text('os').notNull().default('Unknown'),
    ipAddress: text('ip_address'),
    location: text('location').notNull().default('Unknown'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_sessions_user_idx').on(t.userId)],
);

export const blockedUsers = pgTable(
  'blocked_users',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocked_users_blocked_idx').on(t.blockedId),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Single-use links sent by e-mail (docs/api.md, "Authentication"): address verification (24 h) and
 * password reset (1 h). Only the SHA-256 of the token is kept; `email` is the address the link was
 * sent to, so a link never proves an address the account no longer has.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_tokens_purpose_check', sql`${t.purpose} in ('verify', 'reset')`),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
    index('email_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The one-time codes of a finished Google sign-in (docs/api.md, "Google sign-in"): exchanged once,
 * within a minute, by the browser holding the sign-in's `state` cookie, for a login session. Only
 * hashes are kept.
 */
export const googleSignInCodes = pgTable(
  'google_sign_in_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('google_sign_in_codes_expires_at_idx').on(t.expiresAt)],
);
