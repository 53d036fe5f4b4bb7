import { INSIGHTS_LIMITS, type ForecastCounts, type ForecastDates } from '@papan/shared';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { getForecastCounts, getForecastDates } from '../api/insights-api';
import { daysAhead } from '../model/range';

/**
 * The days of history a 422 looked at: its body's `basisDays` when given, else the number in its
 * message ("No card was finished in the last 12 days: …"; fewer than 90 on a younger board), else 90.
 */
function basisOf(error: ApiError): number {
  const basis = (error.body as { basisDays?: unknown } | null)?.basisDays;
  if (typeof basis === 'number') return basis;
  const said = /last (\d+) days/.exec(serverMessage(error) ?? '')?.[1];
  return said === undefined ? INSIGHTS_LIMITS.basisDays : Number(said);
}

/** Why a forecast failed, in the reader's words. */
function forecastError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 422) {
    const days = basisOf(error);
    return days > 0 ? t('insights.forecast.nothingToForecast', { days }) : t('insights.forecast.nothingYet');
  }
  if (error instanceof ApiError && error.status === 400)
    return serverMessage(error) ?? t('insights.forecast.error');
  return t('insights.forecast.error');
}

/** One question asked of the forecast: its answer, or why there is none. */
function useForecast<T>() {
  const { t } = useTranslation();
  // The answer with the question it answers (the field may have changed since).
  const [state, setState] = useState<{
    result: { value: T; asked: string } | null;
    error: string | null;
    busy: boolean;
  }>({
    result: null,
    error: null,
    busy: false,
  });
  async function ask(asked: string, question: () => Promise<T>) {
    setState((s) => ({ ...s, error: null, busy: true }));
    try {
      setState({ result: { value: await question(), asked }, error: null, busy: false });
    } catch (error) {
      setState({ result: null, error: forecastError(error, t), busy: false });
    }
  }
  return { ...state, ask, fail: (error: string) => setState({ result: null, error, busy: false }) };
}

/**
 * SPEC's forecasts (docs/insights.md, "Forecasts"): Monte Carlo runs over the board's recent
 * throughput answer "when will these N cards be done?" and "how many by this date?", each at
 * 50, 85 and 95 % confidence.
 */
export function ForecastPanel({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('insights.forecast.title')} description={t('insights.forecast.description')}>
      <div className="grid gap-8 lg:grid-cols-2">
        <WhenForm boardId={boardId} />
        <HowManyForm boardId={boardId} />
      </div>
    </Panel>
  );
}

function WhenForm({ boardId }: { boardId: string }) {
  const { t, i18n } = useTranslation();
  const [cards, setCards] = useState('10');
  const forecast = useForecast<ForecastDates>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(cards);
    if (!/^\d+$/.test(cards.trim()) || n < 1 || n > INSIGHTS_LIMITS.forecastCards)
      return forecast.fail(t('insights.forecast.cardsInvalid', { max: INSIGHTS_LIMITS.forecastCards }));
    void forecast.ask(String(n), () => getForecastDates(boardId, n));
  }

  const result = forecast.result?.value;
  return (
    <ForecastForm
      title={t('insights.forecast.when.title')}
      onSubmit={submit}
      busy={forecast.busy}
      error={forecast.error}
      field={
        <TextField
          type="number"
          inputMode="numeric"
          min={1}
          max={INSIGHTS_LIMITS.forecastCards}
          step={1}
          label={t('insights.forecast.when.cards')}
          value={cards}
          onChange={(e) => setCards(e.target.value)}
          className="w-40"
        />
      }
      answer={
        result && (
          <Answer
            caption={t('insights.forecast.when.answer', { count: Number(forecast.result?.asked) })}
            rows={[
              [t('insights.forecast.p50'), formatLongDate(result.p50, i18n.resolvedLanguage)],
              [t('insights.forecast.p85'), formatLongDate(result.p85, i18n.resolvedLanguage)],
              [t('insights.forecast.p95'), formatLongDate(result.p95, i18n.resolvedLanguage)],
            ]}
            basis={t('insights.forecast.basis', {
              simulations: result.simulations.toLocaleString(i18n.resolvedLanguage),
              count: result.basisDays,
            })}
          />
        )
      }
    />
  );
}

function HowManyForm({ boardId }: { boardId: string }) {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState(() => daysAhead(14));
  const forecast = useForecast<ForecastCounts>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(by)) return forecast.fail(t('insights.forecast.dateInvalid'));
    void forecast.ask(by, () => getForecastCounts(boardId, by));
  }

  const result = forecast.result?.value;
  const cards = (count: number) => t('insights.forecast.howMany.cards', { count });
  return (
    <ForecastForm
      title={t('insights.forecast.howMany.title')}
      onSubmit={submit}
      busy={forecast.busy}
      error={forecast.error}
      field={
        <TextField
          type="date"
          min={daysAhead(1)}
          label={t('insights.forecast.howMany.by')}
          value={by}
          onChange={(e) => setBy(e.target.value)}
          className="w-44"
        />
      }
      answer={
        result && (
          <Answer
            caption={t('insights.forecast.howMany.answer', {
              date: formatLongDate(forecast.result?.asked, i18n.resolvedLanguage),
            })}
            rows={[
              [t('insights.forecast.p50'), cards(result.p50)],
              [t('insights.forecast.p85'), cards(result.p85)],
              [t('insights.forecast.p95'), cards(result.p95)],
            ]}
            basis={t('insights.forecast.basis', {
              simulations: result.simulations.toLocaleString(i18n.resolvedLanguage),
              count: result.basisDays,
            })}
          />
        )
      }
    />
  );
}

interface ForecastFormProps {
  title: string;
  field: ReactNode;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  error: string | null;
  answer: ReactNode;
}

function ForecastForm({ title, field, onSubmit, busy, error, answer }: ForecastFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        {field}
        <Button type="submit" className="h-11" loading={busy} disabled={busy}>
          {t('insights.forecast.submit')}
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {/* Polite: the answer is read out when it arrives. */}
      <div aria-live="polite">{answer}</div>
    </form>
  );
}

function Answer({ caption, rows, basis }: { caption: string; rows: [string, string][]; basis: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">{caption}</p>
      <dl className="grid gap-2 sm:grid-cols-3">
        {rows.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-500 dark:text-slate-400">{basis}</p>
    </div>
  );
}
