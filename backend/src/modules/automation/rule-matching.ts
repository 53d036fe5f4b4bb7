import type { BoardEventPayloads, RuleAction, RuleTrigger } from '@papan/shared';

/** A logged event, as far as matching needs it. */
export interface MatchedEvent {
  type: string;
  payload: unknown;
}

/**
 * The card a board event starts the rule for, or null (docs/automation.md, "Triggers"). A card
 * enters a list when it is moved or copied into it from elsewhere; it is created when it is added
 * or copied; a checklist is completed when its last open item is ticked. Timed triggers
 * (schedule, card.dueSoon, card.overdue) never match an event.
 */
export function subjectOf(trigger: RuleTrigger, event: MatchedEvent): string | null {
  const p = event.payload as Record<string, unknown>;
  switch (trigger.type) {
    case 'card.enteredList': {
      if (event.type === 'card.moved') {
        const move = p as unknown as BoardEventPayloads['card.moved'];
        const entered = move.cardId && move.toListId === trigger.listId && move.fromListId !== move.toListId;
        return entered ? move.cardId : null;
      }
      if (event.type === 'card.copied') return p.listId === trigger.listId ? (p._id as string) : null;
      return null;
    }
    case 'card.created':
      if (event.type !== 'card.created' && event.type !== 'card.copied') return null;
      return trigger.listId === undefined || p.listId === trigger.listId ? (p._id as string) : null;
    case 'card.labelAdded': {
      if (event.type !== 'card.labelAdded') return null;
      const added = p as unknown as BoardEventPayloads['card.labelAdded'];
      return added.label._id === trigger.labelId ? added.cardId : null;
    }
    case 'checklist.completed': {
      if (event.type !== 'checklistItem.updated') return null;
      const item = p as unknown as BoardEventPayloads['checklistItem.updated'];
      const done = item.isCompleted && item.progress && item.progress.total > 0;
      return done && item.progress!.done === item.progress!.total ? item.cardId : null;
    }
    default:
      return null;
  }
}

/** The lists and labels a rule names, in its trigger and its actions. */
export function referencesOf(trigger: RuleTrigger, actions: RuleAction[]) {
  const lists = new Set<string>();
  const labels = new Set<string>();
  const users = new Set<string>();
  if ('listId' in trigger && trigger.listId) lists.add(trigger.listId);
  if ('labelId' in trigger) labels.add(trigger.labelId);
  for (const action of actions) {
    if ('listId' in action) lists.add(action.listId);
    if ('labelId' in action) labels.add(action.labelId);
    if (action.type === 'createCard') for (const id of action.labelIds ?? []) labels.add(id);
    if ('userId' in action && action.userId !== 'actor') users.add(action.userId);
  }
  return { lists: [...lists], labels: [...labels], users: [...users] };
}

/**
 * Why a deleted list or label stops the rule, or null when the event deletes nothing it names
 * (docs/automation.md, "A rule whose list or label is deleted").
 */
export function brokenBy(trigger: RuleTrigger, actions: RuleAction[], event: MatchedEvent): string | null {
  if (event.type !== 'list.deleted' && event.type !== 'label.deleted') return null;
  const { _id } = event.payload as { _id: string };
  const refs = referencesOf(trigger, actions);
  if (event.type === 'list.deleted' && refs.lists.includes(_id)) return 'A list this rule names was deleted.';
  if (event.type === 'label.deleted' && refs.labels.includes(_id))
    return 'A label this rule names was deleted.';
  return null;
}
