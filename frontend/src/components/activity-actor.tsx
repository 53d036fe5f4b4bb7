import type { Activity } from '@papan/shared';
import { Trans } from 'react-i18next';

/**
 * Who made a change, in bold: the person, or "Automation (rule name)" for a change a rule made
 * (docs/automation.md; its `userId` is null), or `someone` when the person is gone.
 */
export function ActivityActor({
  activity,
  someone,
}: {
  activity: Pick<Activity, 'userId' | 'rule'>;
  someone: string;
}) {
  if (activity.rule)
    return (
      <Trans i18nKey="activity.byRule" values={{ rule: activity.rule.name }} components={{ b: <strong /> }} />
    );
  return <strong>{activity.userId?.name || someone}</strong>;
}
