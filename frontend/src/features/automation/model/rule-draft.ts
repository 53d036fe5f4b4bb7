import type {
  Rule,
  RuleAction,
  RuleActionInput,
  RuleActionType,
  RuleTrigger,
  RuleTriggerType,
} from '@papan/shared';
import { browserTimeZone } from '../../../lib/dates';

/**
 * The builder's form: every parameter a trigger or an action can take, as the controls hold them
 * (text), so switching the type keeps what was typed. `toTrigger` / `toAction` make the request's
 * shapes from it, which the shared schemas then check.
 */
export interface TriggerDraft {
  type: RuleTriggerType;
  listId: string;
  labelId: string;
  hours: string;
  cron: string;
  tz: string;
}

export interface ActionDraft {
  /** React's key: stays with the action when one before it is removed. */
  key: number;
  type: RuleActionType;
  listId: string;
  position: 'top' | 'bottom';
  labelId: string;
  userId: string;
  inDays: string;
  at: string;
  /** The zone `at` is read in (setDue): the browser's for a new action. */
  tz: string;
  title: string;
  description: string;
  text: string;
  labelIds: string[];
  dueInDays: string;
  checklistTitle: string;
  /** A checklist's items, one per line. */
  checklistItems: string;
}

export interface RuleDraft {
  name: string;
  trigger: TriggerDraft;
  actions: ActionDraft[];
}

let nextKey = 1;

export function emptyAction(type: RuleActionType = 'archive', tz = browserTimeZone()): ActionDraft {
  return {
    key: nextKey++,
    type,
    listId: '',
    position: 'bottom',
    labelId: '',
    userId: 'actor',
    inDays: '1',
    at: '09:00',
    tz,
    title: '',
    description: '',
    text: '',
    labelIds: [],
    dueInDays: '',
    checklistTitle: '',
    checklistItems: '',
  };
}

export function emptyDraft(tz: string): RuleDraft {
  return {
    name: '',
    trigger: { type: 'card.enteredList', listId: '', labelId: '', hours: '24', cron: '0 9 * * 1', tz },
    actions: [emptyAction('archive', tz)],
  };
}

/** A saved rule, to edit. */
export function draftOf(rule: Rule, tz: string): RuleDraft {
  const saved = rule.trigger;
  const trigger: TriggerDraft = {
    ...emptyDraft(tz).trigger,
    type: saved.type,
    ...('listId' in saved && saved.listId ? { listId: saved.listId } : {}),
    ...('labelId' in saved ? { labelId: saved.labelId } : {}),
    ...('hours' in saved ? { hours: String(saved.hours) } : {}),
    ...(saved.type === 'schedule' ? { cron: saved.cron, tz: saved.tz } : {}),
  };
  return { name: rule.name, trigger, actions: rule.actions.map(actionDraftOf) };
}

function actionDraftOf(action: RuleAction): ActionDraft {
  const draft = emptyAction(action.type);
  switch (action.type) {
    case 'moveToList':
      return { ...draft, listId: action.listId, position: action.position };
    case 'addLabel':
    case 'removeLabel':
      return { ...draft, labelId: action.labelId };
    case 'addMember':
    case 'removeMember':
      return { ...draft, userId: action.userId };
    case 'setDue':
      // Saved without a zone, "at" is UTC's (docs/automation.md).
      return { ...draft, inDays: String(action.inDays), at: action.at, tz: action.tz ?? 'UTC' };
    case 'addChecklist':
      return { ...draft, checklistTitle: action.title, checklistItems: action.items.join('\n') };
    case 'comment':
      return { ...draft, text: action.text };
    case 'createCard':
      return {
        ...draft,
        listId: action.listId,
        title: action.title,
        description: action.description ?? '',
        labelIds: action.labelIds ?? [],
        dueInDays: action.dueInDays === undefined ? '' : String(action.dueInDays),
        checklistTitle: action.checklist?.title ?? '',
        checklistItems: action.checklist?.items.join('\n') ?? '',
      };
    case 'completeDue':
    case 'archive':
      return draft;
  }
}

/** A number field: empty is left out (the schema then says it is needed). */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function toTrigger(draft: TriggerDraft): RuleTrigger {
  switch (draft.type) {
    case 'card.enteredList':
      return { type: draft.type, listId: draft.listId };
    case 'card.created':
      return draft.listId ? { type: draft.type, listId: draft.listId } : { type: draft.type };
    case 'card.labelAdded':
      return { type: draft.type, labelId: draft.labelId };
    case 'card.dueSoon':
      return { type: draft.type, hours: numberOf(draft.hours) as number };
    case 'schedule':
      return { type: draft.type, cron: draft.cron.trim(), tz: draft.tz };
    case 'checklist.completed':
    case 'card.overdue':
      return { type: draft.type };
  }
}

export function toAction(draft: ActionDraft): RuleActionInput {
  switch (draft.type) {
    case 'moveToList':
      return { type: draft.type, listId: draft.listId, position: draft.position };
    case 'addLabel':
    case 'removeLabel':
      return { type: draft.type, labelId: draft.labelId };
    case 'addMember':
    case 'removeMember':
      return { type: draft.type, userId: draft.userId };
    case 'setDue':
      return { type: draft.type, inDays: numberOf(draft.inDays) as number, at: draft.at, tz: draft.tz };
    case 'addChecklist':
      return { type: draft.type, title: draft.checklistTitle, items: lines(draft.checklistItems) };
    case 'comment':
      return { type: draft.type, text: draft.text };
    case 'createCard': {
      const card: Extract<RuleAction, { type: 'createCard' }> = {
        type: draft.type,
        listId: draft.listId,
        title: draft.title,
      };
      if (draft.description.trim()) card.description = draft.description;
      if (draft.labelIds.length) card.labelIds = draft.labelIds;
      if (draft.dueInDays.trim()) card.dueInDays = numberOf(draft.dueInDays);
      if (draft.checklistTitle.trim() || draft.checklistItems.trim())
        card.checklist = { title: draft.checklistTitle, items: lines(draft.checklistItems) };
      return card;
    }
    case 'completeDue':
    case 'archive':
      return { type: draft.type };
  }
}

/** The request body the builder sends: name, trigger and actions. */
export function toRuleInput(draft: RuleDraft) {
  return { name: draft.name, trigger: toTrigger(draft.trigger), actions: draft.actions.map(toAction) };
}
