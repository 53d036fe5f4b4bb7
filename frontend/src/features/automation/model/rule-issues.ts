import { createRuleSchema, dryRunRuleSchema } from '@papan/shared';
import { serverMessage } from '../../../lib/api-client';
import { fieldIssues, type FieldIssue } from '../../../lib/field-issues';
import { toRuleInput, type ActionDraft, type RuleDraft } from './rule-draft';

/** What is wrong with one of the builder's fields: the shared schema's kind, or the server's words. */
export type RuleIssue = FieldIssue | { kind: 'server'; text: string };
/** By the field's path in the request body: `name`, `trigger.listId`, `actions.0.checklist.title`. */
export type RuleIssues = Partial<Record<string, RuleIssue>>;

/** The draft checked as the server will check it: to save (with its name), or to preview. */
export function ruleIssues(draft: RuleDraft, purpose: 'save' | 'preview'): RuleIssues {
  const { name, ...rule } = toRuleInput(draft);
  return purpose === 'save'
    ? fieldIssues(createRuleSchema, { name, ...rule })
    : fieldIssues(dryRunRuleSchema, rule);
}

/** The issue shown at the control for `path`: its own, or one inside it (an item of a checklist). */
export function issueAt(issues: RuleIssues, path: string): RuleIssue | undefined {
  if (issues[path]) return issues[path];
  const inside = Object.keys(issues).find((key) => key.startsWith(`${path}.`));
  return inside ? issues[inside] : undefined;
}

/**
 * A 400's `{message: "actions[0].listId: must be a valid id"}` as the issue of that field (the
 * server says `actions.0.listId` or `actions[0].listId`); null when the message names no field.
 */
export function serverIssue(
  error: unknown,
): { path: string; issue: { kind: 'server'; text: string } } | null {
  const message = serverMessage(error);
  const match = message ? /^([\w.[\]]+): (.+)$/s.exec(message) : null;
  if (!match?.[1] || !match[2]) return null;
  return { path: match[1].replace(/\[(\d+)\]/g, '.$1'), issue: { kind: 'server', text: match[2] } };
}

/** The paths the builder shows a message at, for the draft as it is (the rest go above the form). */
export function fieldPaths(draft: RuleDraft): string[] {
  const trigger = ['trigger.type', ...triggerFields[draft.trigger.type].map((field) => `trigger.${field}`)];
  const actions = draft.actions.flatMap((action, index) =>
    ['type', ...actionFields[action.type]].map((field) => `actions.${index}.${field}`),
  );
  return ['name', ...trigger, ...actions];
}

const triggerFields: Record<RuleDraft['trigger']['type'], string[]> = {
  'card.enteredList': ['listId'],
  'card.created': ['listId'],
  'card.labelAdded': ['labelId'],
  'checklist.completed': [],
  'card.dueSoon': ['hours'],
  'card.overdue': [],
  schedule: ['cron', 'tz'],
};

const actionFields: Record<ActionDraft['type'], string[]> = {
  moveToList: ['listId', 'position'],
  addLabel: ['labelId'],
  removeLabel: ['labelId'],
  addMember: ['userId'],
  removeMember: ['userId'],
  setDue: ['inDays', 'at'],
  completeDue: [],
  addChecklist: ['title', 'items'],
  comment: ['text'],
  archive: [],
  createCard: ['listId', 'title', 'description', 'labelIds', 'dueInDays', 'checklist'],
};

/** Whether a path is shown at a control (`actions.0.items.3` is shown at `actions.0.items`). */
export function isShownAt(paths: string[], path: string): boolean {
  return paths.some((shown) => path === shown || path.startsWith(`${shown}.`));
}
