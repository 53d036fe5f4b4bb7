import { useBoardEvent } from '../../../lib/use-socket-event';
import { useLiveRead } from '../../../lib/use-live-read';
import { getRuleRuns } from '../api/get-rule-runs';

/**
 * A rule's last runs while they are shown (`ruleId` null reads nothing), read again when a change
 * the rule made reaches the board (its events name the rule), or the rule itself changes.
 */
export function useRuleRuns(ruleId: string | null) {
  const read = useLiveRead(ruleId, (signal) => getRuleRuns(ruleId ?? '', signal));
  useBoardEvent((event) => {
    if (!ruleId) return;
    const byRule = event.rule?._id === ruleId;
    const ofRule = event.type === 'rule.updated' && event.payload._id === ruleId;
    if (byRule || ofRule) read.refresh();
  });
  return read;
}
