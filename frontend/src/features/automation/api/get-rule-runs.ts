import type { RuleRun } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/rules/{id}/runs: the last runs, newest first (at most RULE_LIMITS.runsKept). */
export function getRuleRuns(ruleId: string, signal?: AbortSignal): Promise<RuleRun[]> {
  return api.get<RuleRun[]>(`/api/rules/${encodeURIComponent(ruleId)}/runs`, { signal });
}
