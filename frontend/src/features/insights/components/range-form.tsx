import { INSIGHTS_LIMITS } from '@papan/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatLongDate } from '../../../lib/dates';
import { lastDays, rangeProblem, today } from '../model/range';

interface RangeFormProps {
  from: string;
  to: string;
  timeZone: string;
  onChange: (range: { from: string; to: string }) => void;
}

const PRESETS = [7, 30, 90] as const;

/** The days the figures cover: two dates (at most a year apart), or one of the usual spans. */
export function RangeForm({ from, to, timeZone, onChange }: RangeFormProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [draft, setDraft] = useState({ from, to });
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = rangeProblem(draft.from, draft.to);
    setProblem(found);
    if (!found) onChange(draft);
  }

  function preset(days: number) {
    const range = lastDays(days);
    setDraft(range);
    setProblem(null);
    onChange(range);
  }

  const message = problem && t(`insights.range.errors.${problem}`, { count: INSIGHTS_LIMITS.rangeDays });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="sr-only">
        {t('insights.range.legend')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          type="date"
          label={t('insights.range.from')}
          value={draft.from}
          max={today()}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          className="w-40"
          aria-invalid={problem ? true : undefined}
        />
        <TextField
          type="date"
          label={t('insights.range.to')}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          className="w-40"
          aria-invalid={problem ? true : undefined}
        />
        <Button type="submit" className="h-11">
          {t('insights.range.apply')}
        </Button>
        <div role="group" aria-label={t('insights.range.presets')} className="flex flex-wrap gap-2">
          {PRESETS.map((days) => (
            <Button key={days} variant="ghost" size="sm" className="h-11" onClick={() => preset(days)}>
              {t('insights.range.lastDays', { count: days })}
            </Button>
          ))}
        </div>
      </div>
      {message && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {message}
        </p>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('insights.range.timeZone', {
          timeZone,
          from: formatLongDate(from, i18n.resolvedLanguage),
          to: formatLongDate(to, i18n.resolvedLanguage),
        })}
      </p>
    </form>
  );
}
