import { randomUUID } from 'node:crypto';
import { nextScheduledRun, type RuleAction, type RuleTrigger } from '@papan/shared';
import type { boards, rules } from '../../database/schema';
import type { BoardContentRows } from './board-content-writer.repository';
import type { CopySource } from './board-copy.repository';

/** Every row of the copy, ids made here so that no insert waits for another's answer. */
export interface BoardCopyRows extends BoardContentRows {
  board: typeof boards.$inferInsert & { id: string; ownerId: string };
  /** Without `cursor`: the new board's version, known once the board row is written. */
  rules: Omit<typeof rules.$inferInsert, 'cursor'>[];
}

/**
 * The rows of a copy of `source` for `ownerId` (docs/api.md, "Templates and board copy"): new ids
 * throughout, every reference mapped to them, creation times kept (reads order labels, checklists
 * and items by them). Cards keep their labels, checklists, description, due date, lane and field
 * values (by the new fields' ids; a select's options keep theirs); of their members only the
 * copier, the new board's one member. Rules name the new lists and labels.
 */
export function boardCopyRows(
  source: CopySource,
  to: { title: string; ownerId: string },
  now = new Date(),
): BoardCopyRows {
  const boardId = randomUUID();
  const fresh = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, randomUUID()]));
  const labelIds = fresh(source.labels);
  const laneIds = fresh(source.lanes);
  const fieldIds = fresh(source.fields);
  const listIds = fresh(source.lists);
  const cardIds = fresh(source.cards);
  const checklistIds = fresh(source.checklists);
  const ids = { lists: listIds, labels: labelIds };
  return {
    board: { id: boardId, title: to.title, description: source.board.description, ownerId: to.ownerId },
    labels: source.labels.map((l) => ({ ...l, id: labelIds.get(l.id)!, boardId })),
    fields: source.fields.map((f) => ({ ...f, id: fieldIds.get(f.id)!, boardId })),
    lanes: source.lanes.map((l) => ({ ...l, id: laneIds.get(l.id)!, boardId })),
    lists: source.lists.map((l) => ({
      ...l,
      id: listIds.get(l.id)!,
      boardId,
      createdAt: undefined,
      updatedAt: undefined,
    })),
    cards: source.cards.map((c) => ({
      id: cardIds.get(c.id)!,
      boardId,
      listId: listIds.get(c.listId)!,
      laneId: c.laneId && (laneIds.get(c.laneId) ?? null),
      title: c.title,
      description: c.description,
      position: c.position,
      dueAt: c.dueAt,
      dueComplete: c.dueComplete,
      isTemplate: c.isTemplate,
      fields: Object.fromEntries(
        Object.entries(c.fields).flatMap(([id, value]) =>
          fieldIds.has(id) ? [[fieldIds.get(id)!, value]] : [],
        ),
      ),
      createdBy: to.ownerId,
    })),
    cardLabels: source.cardLabels.map((r) => ({
      ...r,
      cardId: cardIds.get(r.cardId)!,
      labelId: labelIds.get(r.labelId)!,
    })),
    cardMembers: source.cardMembers.map((r) => ({ ...r, cardId: cardIds.get(r.cardId)! })),
    checklists: source.checklists.map((c) => ({
      ...c,
      id: checklistIds.get(c.id)!,
      boardId,
      cardId: cardIds.get(c.cardId)!,
    })),
    items: source.items.map(({ id: _id, ...item }) => ({
      ...item,
      checklistId: checklistIds.get(item.checklistId)!,
    })),
    rules: source.rules.flatMap((rule) => {
      const actions = rule.actions.flatMap((a) => copiedAction(a, ids, to.ownerId));
      // A rule whose every action named someone else does nothing on the new board.
      if (!actions.length) return [];
      const trigger = copiedTrigger(rule.trigger, ids);
      return [
        {
          boardId,
          name: rule.name,
          trigger,
          actions,
          enabled: rule.enabled,
          disabledReason: rule.disabledReason,
          nextRunAt:
            rule.enabled && trigger.type === 'schedule'
              ? nextScheduledRun(trigger.cron, trigger.tz, now)
              : null,
          createdBy: to.ownerId,
        },
      ];
    }),
  };
}

interface IdMaps {
  lists: Map<string, string>;
  labels: Map<string, string>;
}

/** An id of the source board as the copy's (one no longer there stays: its rule is already off). */
const mapped = (map: Map<string, string>, id: string) => map.get(id) ?? id;

function copiedTrigger(trigger: RuleTrigger, ids: IdMaps): RuleTrigger {
  switch (trigger.type) {
    case 'card.enteredList':
      return { ...trigger, listId: mapped(ids.lists, trigger.listId) };
    case 'card.created':
      return trigger.listId ? { ...trigger, listId: mapped(ids.lists, trigger.listId) } : trigger;
    case 'card.labelAdded':
      return { ...trigger, labelId: mapped(ids.labels, trigger.labelId) };
    default:
      return trigger;
  }
}

/**
 * An action as the copy has it, or none: adding or removing a person other than the copier (or
 * `actor`) is dropped, since the new board has no other member (docs/decisions.md).
 */
function copiedAction(action: RuleAction, ids: IdMaps, copierId: string): RuleAction[] {
  switch (action.type) {
    case 'moveToList':
      return [{ ...action, listId: mapped(ids.lists, action.listId) }];
    case 'addLabel':
    case 'removeLabel':
      return [{ ...action, labelId: mapped(ids.labels, action.labelId) }];
    case 'addMember':
    case 'removeMember':
      return action.userId === 'actor' || action.userId === copierId ? [action] : [];
    case 'createCard':
      return [
        {
          ...action,
          listId: mapped(ids.lists, action.listId),
          ...(action.labelIds ? { labelIds: action.labelIds.map((id) => mapped(ids.labels, id)) } : {}),
        },
      ];
    default:
      return [action];
  }
}
