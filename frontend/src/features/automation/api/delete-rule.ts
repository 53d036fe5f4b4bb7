import { api } from '../../../lib/api-client';

/** DELETE /api/rules/{id} → {message, _id}. */
export function deleteRule(ruleId: string): Promise<{ message: string; _id: string }> {
  return api.delete(`/api/rules/${encodeURIComponent(ruleId)}`);
}
