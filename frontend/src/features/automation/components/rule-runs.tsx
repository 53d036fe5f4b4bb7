import type { RuleRunStatus } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { InlineSpinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { useRuleRuns } from '../hooks/use-rule-runs';

const statusStyles: Record<RuleRunStatus, string> = {
  ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
  skipped: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
  loop: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200',
};

/** A rule's last runs, newest first: when, how it went (with the error), how many changes it made. */
export function RuleRuns({ ruleId, ruleName }: { ruleId: string; ruleName: string }) {
  const { t, i18n } = useTranslation();
  const { data, error, busy } = useRuleRuns(ruleId);
  const note = 'text-sm text-slate-500 dark:text-slate-400';
  if (!data && busy) return <InlineSpinner label={t('automation.runs.loading')} />;
  if (!data) return error ? <p className={note}>{t('automation.runs.loadError')}</p> : null;
  if (!data.length) return <p className={note}>{t('automation.runs.empty')}</p>;
  return (
    <ol
      aria-label={t('automation.runs.list', { name: ruleName })}
      className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {data.map((run) => (
        <li key={run._id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2 text-sm">
          <time dateTime={run.at} className="text-slate-600 tabular-nums dark:text-slate-300">
            {formatDateTime(run.at, i18n.resolvedLanguage)}
          </time>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusStyles[run.status]}`}>
            {t(`automation.runs.status.${run.status}`)}
          </span>
          <span className="text-slate-600 dark:text-slate-300">
            {run.changes === 1
              ? t('automation.runs.changeOne', { count: 1 })
              : t('automation.runs.changes', { count: run.changes })}
          </span>
          {run.error && <span className="w-full text-xs text-red-700 dark:text-red-300">{run.error}</span>}
        </li>
      ))}
    </ol>
  );
}
