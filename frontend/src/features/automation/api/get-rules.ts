import type { Rule } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/boards/{id}/rules: the board's rules, for any member (docs/automation.md). */
export function getRules(boardId: string, signal?: AbortSignal): Promise<Rule[]> {
  return api.get<Rule[]>(`/api/boards/${encodeURIComponent(boardId)}/rules`, { signal });
}
