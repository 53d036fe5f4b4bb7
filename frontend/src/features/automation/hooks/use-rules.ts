import type { Rule } from '@papan/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBoardEvent } from '../../../lib/use-socket-event';
import { getRules } from '../api/get-rules';
import { rulesKey } from '../api/query-keys';

/**
 * The board's rules, kept up to date by the `rule.*` board events every member's socket receives
 * (rules are not part of the board read: docs/automation.md). The board screen keeps the socket in
 * the board's room while the panel is open.
 */
export function useRules(boardId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: rulesKey(boardId), queryFn: ({ signal }) => getRules(boardId, signal) });

  useBoardEvent((event) => {
    if (event.boardId !== boardId) return;
    if (event.type === 'rule.created' || event.type === 'rule.updated') putRule(queryClient, event.payload);
    else if (event.type === 'rule.deleted') dropRule(queryClient, boardId, event.payload._id);
  });
  return query;
}

/** A rule as an answer or an event carries it, into the board's list (a new one goes last). */
export function putRule(queryClient: ReturnType<typeof useQueryClient>, rule: Rule): void {
  queryClient.setQueryData<Rule[]>(rulesKey(rule.boardId), (rules) => {
    if (!rules) return rules;
    return rules.some((r) => r._id === rule._id)
      ? rules.map((r) => (r._id === rule._id ? rule : r))
      : [...rules, rule];
  });
}

export function dropRule(
  queryClient: ReturnType<typeof useQueryClient>,
  boardId: string,
  ruleId: string,
): void {
  queryClient.setQueryData<Rule[]>(rulesKey(boardId), (rules) => rules?.filter((r) => r._id !== ruleId));
}
