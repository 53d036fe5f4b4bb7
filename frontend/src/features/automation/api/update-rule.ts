import type { Rule, UpdateRuleInput } from '@papan/shared';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/rules/{id} (any of name, trigger, actions, enabled) → the rule. */
export function updateRule(ruleId: string, patch: UpdateRuleInput): Promise<Rule> {
  return apiRequest<Rule>(`/api/rules/${encodeURIComponent(ruleId)}`, { method: 'PATCH', body: patch });
}
