import type { DryRunRuleInput, RuleDryRun } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/boards/{id}/rules/dry-run {trigger, actions}: what a rule not saved yet would have done
 * over the last 7 days of the board's log, writing nothing (the builder's preview).
 */
export function dryRunRule(boardId: string, input: DryRunRuleInput): Promise<RuleDryRun> {
  return api.post<RuleDryRun>(`/api/boards/${encodeURIComponent(boardId)}/rules/dry-run`, input);
}
