import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RuleAction, RuleTrigger } from '@papan/shared';
import { boards } from './boards.table';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users.table';

/**
 * docs/automation.md: a board's rules. `cursor` is the last board version the rule has looked at:
 * the runner reads the board's event log after it, and moves it in the transaction of each run, so
 * a run happens once whichever instance makes it and whenever it restarts.
 */
export const rules = pgTable(
  'rules',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    trigger: jsonb('trigger').$type<RuleTrigger>().notNull(),
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    cursor: integer('cursor').notNull(),
    /** A schedule's next due time (null for other triggers and while the rule is off). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rules_board_idx').on(t.boardId),
    index('rules_next_run_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null`),
  ],
);

/**
 * Every run of a rule: what started it (a board event's version, a due time, and for the due-date
 * triggers the card), what came of it. The unique indexes are what makes a run happen once.
 */
export const ruleRuns = pgTable(
  'rule_runs',
  {
    id: id(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    eventVersion: integer('event_version'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true, mode: 'date' }),
    cardId: uuid('card_id'),
    status: text('status').notNull(),
    changes: integer('changes').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    index('rule_runs_rule_at_idx').on(t.ruleId, t.at),
    uniqueIndex('rule_runs_event_once')
      .on(t.ruleId, t.eventVersion)
      .where(sql`${t.eventVersion} is not null`),
    uniqueIndex('rule_runs_schedule_once')
      .on(t.ruleId, t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null and ${t.cardId} is null`),
    uniqueIndex('rule_runs_due_once')
      .on(t.ruleId, t.cardId, t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null and ${t.cardId} is not null`),
  ],
);
