import type { CreateRuleInput, Rule } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/boards/{id}/rules → 201 with the rule (the owner only; a 400 names the bad field). */
export function createRule(boardId: string, input: CreateRuleInput): Promise<Rule> {
  return api.post<Rule>(`/api/boards/${encodeURIComponent(boardId)}/rules`, input);
}
