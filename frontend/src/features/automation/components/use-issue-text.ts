import { RULE_LIMITS } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { issueAt, type RuleIssues } from '../model/rule-issues';

/**
 * The message at a builder control, in the reader's language: by the field (its path's last part)
 * and what is wrong; the server's own words when it refused what the form let through.
 */
export function useIssueText(issues: RuleIssues) {
  const { t } = useTranslation();
  return (path: string): string | null => {
    const issue = issueAt(issues, path);
    if (!issue) return null;
    if (issue.kind === 'server') return issue.text;
    if (issue.kind === 'tooLong') return t('automation.errors.tooLong', { count: issue.limit });
    const field = path.split('.').at(-1) ?? '';
    switch (field) {
      case 'name':
        return t('automation.errors.name');
      case 'listId':
        return t('automation.errors.list');
      case 'labelId':
        return t('automation.errors.label');
      case 'userId':
        return t('automation.errors.person');
      case 'hours':
        return t('automation.errors.hours', { max: RULE_LIMITS.dueSoonHoursMax });
      case 'cron':
        return t('automation.errors.schedule');
      case 'tz':
        return t('automation.errors.timeZone');
      case 'inDays':
      case 'dueInDays':
        return t('automation.errors.days', { max: RULE_LIMITS.inDaysMax });
      case 'at':
        return t('automation.errors.time');
      case 'type':
        return t('automation.errors.firstCreateCard');
      case 'title':
      case 'text':
      case 'items':
      case 'checklist':
        return issue.kind === 'required' ? t('automation.errors.text') : t('automation.errors.invalid');
      default:
        return t('automation.errors.invalid');
    }
  };
}
