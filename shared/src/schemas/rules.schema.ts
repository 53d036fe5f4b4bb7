import { Cron } from 'croner';
import { z } from 'zod';
import { LIMITS } from '../constants';
import { idSchema, optionalText, requiredText } from './common.schema';
import { timeZoneSchema } from './insights.schema';

/**
 * Automation (docs/automation.md): a board's rules, each a trigger and the actions it runs, in
 * order, as one change by "Automation". The shapes both sides use; the server validates with them
 * and the builder checks its form with them.
 */
export const RULE_LIMITS = {
  perBoard: 50,
  actionsPerRule: 10,
  checklistItems: 50,
  dueSoonHoursMax: 24 * 14,
  inDaysMax: 365,
  /** The runs `GET /api/rules/{id}/runs` answers, newest first; older ones are dropped. */
  runsKept: 100,
  /** How far back a dry-run looks. */
  dryRunDays: 7,
} as const;

/** A five-field cron (minute hour day-of-month month day-of-week), as `croner` reads it. */
export const cronSchema = z
  .string('must be a five-field cron such as "0 9 * * 1"')
  .trim()
  .max(100, 'must be at most 100 characters')
  .refine((cron) => cron.split(/\s+/).length === 5, 'must have five fields: minute hour day month weekday')
  .refine((cron) => cronProblem(cron) === null, 'must be a valid cron such as "0 9 * * 1"');

/** What is wrong with a cron, or null. */
export function cronProblem(cron: string): string | null {
  try {
    new Cron(cron, { paused: true });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * The next time a schedule fires strictly after `after`, in its zone; across a daylight-saving
 * change a time that does not exist fires at the first moment after the gap, and a time that
 * happens twice fires once.
 */
export function nextScheduledRun(cron: string, tz: string, after: Date): Date | null {
  return new Cron(cron, { timezone: tz, paused: true }).nextRun(after);
}

const hours = z
  .number('must be a whole number of hours from 1')
  .int('must be a whole number of hours from 1')
  .min(1, 'must be a whole number of hours from 1')
  .max(RULE_LIMITS.dueSoonHoursMax, `must be at most ${RULE_LIMITS.dueSoonHoursMax}`);

export const ruleTriggerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('card.enteredList'), listId: idSchema }),
    z.strictObject({ type: z.literal('card.created'), listId: idSchema.optional() }),
    z.strictObject({ type: z.literal('card.labelAdded'), labelId: idSchema }),
    z.strictObject({ type: z.literal('checklist.completed') }),
    z.strictObject({ type: z.literal('card.dueSoon'), hours }),
    z.strictObject({ type: z.literal('card.overdue') }),
    z.strictObject({ type: z.literal('schedule'), cron: cronSchema, tz: timeZoneSchema }),
  ],
  'must be one of card.enteredList, card.created, card.labelAdded, checklist.completed, card.dueSoon, card.overdue, schedule',
);
export type RuleTrigger = z.infer<typeof ruleTriggerSchema>;
export type RuleTriggerType = RuleTrigger['type'];
export const RULE_TRIGGER_TYPES = [
  'card.enteredList',
  'card.created',
  'card.labelAdded',
  'checklist.completed',
  'card.dueSoon',
  'card.overdue',
  'schedule',
] as const satisfies readonly RuleTriggerType[];

const days = z
  .number('must be a whole number of days')
  .int('must be a whole number of days')
  .min(0, 'must be 0 or more')
  .max(RULE_LIMITS.inDaysMax, `must be at most ${RULE_LIMITS.inDaysMax}`);
const clockTime = z
  .string('must be a time such as "09:00"')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as "09:00"');
const checklistSchema = z.strictObject({
  title: requiredText(LIMITS.title),
  items: z
    .array(requiredText(LIMITS.title), 'must be a list of item texts')
    .max(RULE_LIMITS.checklistItems, `must have at most ${RULE_LIMITS.checklistItems} items`),
});
/** A person: a board member's id, or `actor`, whoever made the triggering change. */
const memberRef = z.union([z.literal('actor'), idSchema], 'must be a user id or "actor"');

export const ruleActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('moveToList'),
      listId: idSchema,
      position: z.enum(['top', 'bottom'], 'must be top or bottom').default('bottom'),
    }),
    z.strictObject({ type: z.literal('addLabel'), labelId: idSchema }),
    z.strictObject({ type: z.literal('removeLabel'), labelId: idSchema }),
    z.strictObject({ type: z.literal('addMember'), userId: memberRef }),
    z.strictObject({ type: z.literal('removeMember'), userId: memberRef }),
    // `at` in `tz` (default UTC): "in 2 days at 09:00" in the team's zone.
    z.strictObject({ type: z.literal('setDue'), inDays: days, at: clockTime, tz: timeZoneSchema.optional() }),
    z.strictObject({ type: z.literal('completeDue') }),
    z.strictObject({ type: z.literal('addChecklist'), ...checklistSchema.shape }),
    z.strictObject({ type: z.literal('comment'), text: requiredText(LIMITS.comment) }),
    z.strictObject({ type: z.literal('archive') }),
    z.strictObject({
      type: z.literal('createCard'),
      listId: idSchema,
      title: requiredText(LIMITS.title),
      description: optionalText(LIMITS.description).optional(),
      labelIds: z
        .array(idSchema)
        .max(LIMITS.customLabelsPerBoard * 5)
        .optional(),
      checklist: checklistSchema.optional(),
      dueInDays: days.optional(),
    }),
  ],
  'must be one of moveToList, addLabel, removeLabel, addMember, removeMember, setDue, completeDue, addChecklist, comment, archive, createCard',
);
export type RuleAction = z.infer<typeof ruleActionSchema>;
export type RuleActionInput = z.input<typeof ruleActionSchema>;
export type RuleActionType = RuleAction['type'];

const actionsSchema = z
  .array(ruleActionSchema, 'must be a list of actions')
  .min(1, 'must have at least one action')
  .max(RULE_LIMITS.actionsPerRule, `must have at most ${RULE_LIMITS.actionsPerRule} actions`);

/** A rule needs a card to act on unless it starts with `createCard` (a schedule's recurring card). */
function actionsFitTrigger(rule: { trigger?: RuleTrigger; actions?: RuleAction[] }, ctx: z.RefinementCtx) {
  if (rule.trigger?.type !== 'schedule' || !rule.actions) return;
  if (rule.actions[0]?.type !== 'createCard')
    ctx.addIssue({
      code: 'custom',
      path: ['actions', 0, 'type'],
      message: 'a scheduled rule has no card to act on: its first action must be createCard',
    });
}

const ruleFields = {
  name: requiredText(LIMITS.title),
  trigger: ruleTriggerSchema,
  actions: actionsSchema,
  enabled: z.boolean('must be true or false'),
};

// Unknown top-level fields are dropped, as on every call (a `cursor` or `boardId` sent is ignored).
export const createRuleSchema = z
  .object({ ...ruleFields, enabled: ruleFields.enabled.optional() })
  .superRefine(actionsFitTrigger);
export const updateRuleSchema = z
  .object(ruleFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'give at least one of name, trigger, actions, enabled');
/** The builder's preview of a rule not saved yet (`POST /api/boards/{id}/rules/dry-run`). */
export const dryRunRuleSchema = z
  .object({ trigger: ruleTriggerSchema, actions: actionsSchema })
  .superRefine(actionsFitTrigger);
export type CreateRuleInput = z.input<typeof createRuleSchema>;
export type UpdateRuleInput = z.input<typeof updateRuleSchema>;
export type DryRunRuleInput = z.input<typeof dryRunRuleSchema>;
export { actionsFitTrigger as ruleActionsFitTrigger };

/** A rule as every call and event carries it. */
export interface Rule {
  _id: string;
  boardId: string;
  name: string;
  trigger: RuleTrigger;
  actions: RuleAction[];
  enabled: boolean;
  /** Why the server turned it off (its list or label was deleted), until someone edits it. */
  disabledReason: string | null;
  /** A schedule's next due time (ISO 8601); null for other triggers or a rule that is off. */
  nextRunAt: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export const RULE_RUN_STATUSES = ['ok', 'skipped', 'failed', 'loop'] as const;
export type RuleRunStatus = (typeof RULE_RUN_STATUSES)[number];

/** One run of a rule (`GET /api/rules/{id}/runs`). */
export interface RuleRun {
  _id: string;
  at: string;
  /** What started it: a board event's version, or a due time (a schedule's, or a card's due date). */
  trigger: { eventVersion?: number; scheduledFor?: string; cardId?: string };
  status: RuleRunStatus;
  /** How many board events the run recorded. */
  changes: number;
  error?: string;
}

/** `POST …/dry-run`: what the rule would have done over the last 7 days of the log. */
export interface RuleDryRun {
  runs: {
    eventVersion: number | null;
    scheduledFor?: string;
    cardId: string | null;
    actions: RuleAction[];
  }[];
}

/** Who made a change that a rule made: in the board event and its activity. */
export interface RuleRef {
  _id: string;
  name: string;
}
