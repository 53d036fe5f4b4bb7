import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    provider: text('provider', { enum: ['local', 'google'] })
      .notNull()
      .default('local'),
    googleId: text('google_id').unique(),
    profilePictureUrl: text('profile_picture_url'),
    gender: text('gender').notNull().default(''),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('ADMIN', 'MEMBER', 'OWNER')`),
    check('users_provider_check', sql`${t.provider} in ('local', 'google')`),
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
