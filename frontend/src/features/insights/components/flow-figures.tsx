import type { Insights, Percentiles } from '@papan/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDays } from './flow-charts';

/** Lead time and cycle time of the cards finished in the range: how many, and their percentiles. */
export function FlowFigures({ insights }: { insights: Insights }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Figure
        title={t('insights.figures.leadTime')}
        hint={t('insights.figures.leadHint')}
        values={insights.leadTime}
      />
      <Figure
        title={t('insights.figures.cycleTime')}
        hint={t('insights.figures.cycleHint')}
        values={insights.cycleTime}
      />
    </div>
  );
}

function Figure({ title, hint, values }: { title: string; hint: string; values: Percentiles }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const days = (value: number | null) =>
    value === null
      ? t('insights.figures.none')
      : t('insights.figures.days', { value: formatDays(value, i18n.resolvedLanguage) });
  const rows: [string, string][] = [
    [t('insights.figures.p50'), days(values.p50)],
    [t('insights.figures.p85'), days(values.p85)],
    [t('insights.figures.p95'), days(values.p95)],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</p>
      <p className="mt-3 text-sm">{t('insights.figures.finishedCount', { count: values.n })}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {rows.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
