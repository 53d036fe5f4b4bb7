import type { Rule, RuleRun } from '@papan/shared';
import type { RuleRow, RuleRunRow } from './rules.repository';

export function toRule(row: RuleRow): Rule {
  return {
    _id: row.id,
    boardId: row.boardId,
    name: row.name,
    trigger: row.trigger,
    actions: row.actions,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toRuleRun(row: RuleRunRow): RuleRun {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    trigger: {
      ...(row.eventVersion !== null ? { eventVersion: row.eventVersion } : {}),
      ...(row.scheduledFor ? { scheduledFor: row.scheduledFor.toISOString() } : {}),
      ...(row.cardId ? { cardId: row.cardId } : {}),
    },
    status: row.status as RuleRun['status'],
    changes: row.changes,
    ...(row.error ? { error: row.error } : {}),
  };
}
