import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted per key (failed logins per account and per address, registrations, contact
 * messages) in fixed windows, kept in the database so every instance counts the same attempts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limit>:<who>`, e.g. `login-account:ana@example.com`. */
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    /** The end of the key's window; a row past it counts as nothing and is purged hourly. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expiresAt)],
);
