import { INSIGHTS_LIMITS, type Insights } from '@papan/shared';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CfdChart } from '../../../components/charts/cfd-chart';
import { Alert } from '../../../components/ui/alert';
import { buttonStyles } from '../../../components/ui/button-styles';
import { PageHeader } from '../../../components/ui/page-header';
import { InlineSpinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-client';
import { browserTimeZone, formatLongDate } from '../../../lib/dates';
import { useLiveRead } from '../../../lib/use-live-read';
import { getInsights } from '../api/insights-api';
import { useBoardChanges } from '../hooks/use-board-changes';
import {
  agingTable,
  cfdTable,
  cycleTable,
  listTitles,
  throughputTable,
  timeInListTable,
  wipTable,
} from '../model/flow-tables';
import { lastDays } from '../model/range';
import { ChartPanel } from './chart-panel';
import { CycleTimeChart, formatDays, ThroughputChart, TimeInListChart } from './flow-charts';
import { FlowFigures } from './flow-figures';
import { ForecastPanel } from './forecast-panel';
import { RangeForm } from './range-form';
import { StageSettings } from './stage-settings';

/** /board/:boardId/insights: how work flows through a board (docs/insights.md). */
export function InsightsPage() {
  const { boardId = '' } = useParams();
  return <InsightsScreen key={boardId} boardId={boardId} />;
}

function InsightsScreen({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const [timeZone] = useState(browserTimeZone);
  const [range, setRange] = useState(() => lastDays(INSIGHTS_LIMITS.defaultDays));
  const read = useCallback(
    (signal: AbortSignal) => getInsights(boardId, { ...range, tz: timeZone }, signal),
    [boardId, range, timeZone],
  );
  // Read again for another range at once, and after anyone's change to the board (debounced, one
  // read at a time); the figures on screen stay until the new ones arrive.
  const { data, error, busy, refresh } = useLiveRead(
    `${boardId} ${range.from} ${range.to} ${timeZone}`,
    read,
  );
  useBoardChanges(boardId, refresh);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title={t('insights.title')}
        description={t('insights.description')}
        actions={
          <Link to={`/board/${encodeURIComponent(boardId)}`} className={buttonStyles('secondary', 'sm')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('insights.back')}
          </Link>
        }
      />
      <RangeForm from={range.from} to={range.to} timeZone={timeZone} onChange={setRange} />
      <p role="status" className="min-h-5 text-sm text-slate-500 dark:text-slate-400">
        {busy && data ? t('insights.refreshing') : ''}
      </p>
      {!data ? (
        error ? (
          <Alert tone="error">
            {t('insights.loadError')} {serverMessage(error) ?? ''}
          </Alert>
        ) : (
          <InlineSpinner label={t('insights.loading')} />
        )
      ) : (
        <>
          {error !== null && <Alert tone="error">{t('insights.refreshError')}</Alert>}
          <Figures boardId={boardId} insights={data} onStageSaved={refresh} />
        </>
      )}
      <ForecastPanel boardId={boardId} />
    </div>
  );
}

function Figures({
  boardId,
  insights,
  onStageSaved,
}: {
  boardId: string;
  insights: Insights;
  onStageSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const from = formatLongDate(insights.from, language);
  const to = formatLongDate(insights.to, language);
  const file = (name: string) => `${name}-${insights.from}-${insights.to}`;
  const title = listTitles(insights);
  const days = (value: number | null) =>
    value === null ? t('insights.figures.none') : formatDays(value, language);
  const lastDay = insights.cfd.at(-1);
  const finished = insights.throughput.reduce((sum, day) => sum + day.count, 0);
  const mostInADay = Math.max(0, ...insights.throughput.map((day) => day.count));

  const labels = {
    cfd: t('insights.charts.cfd.summary', {
      from,
      to,
      last: insights.lists.map((list) => `${list.title} ${lastDay?.counts[list._id] ?? 0}`).join(', '),
    }),
    throughput: t('insights.charts.throughput.summary', { count: finished, from, to, max: mostInADay }),
    cycle: t('insights.charts.cycle.summary', {
      count: insights.finished.filter((card) => card.cycleDays !== null).length,
      p50: days(insights.cycleTime.p50),
      p85: days(insights.cycleTime.p85),
    }),
    timeInList: t('insights.charts.timeInList.summary', {
      values: insights.timeInList
        .map((row) =>
          t('insights.charts.timeInList.row', {
            list: title(row.listId),
            p50: days(row.p50),
            p85: days(row.p85),
          }),
        )
        .join('; '),
    }),
  };

  return (
    <>
      <StageSettings insights={insights} onSaved={onStageSaved} />
      <FlowFigures insights={insights} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartPanel
          title={t('insights.charts.cfd.title')}
          description={t('insights.charts.cfd.description')}
          table={cfdTable(insights, t)}
          fileName={file('cumulative-flow')}
          empty={insights.cfd.length === 0 ? t('insights.charts.empty') : null}
        >
          <CfdChart lists={insights.lists} cfd={insights.cfd} label={labels.cfd} height={260} />
        </ChartPanel>
        <ChartPanel
          title={t('insights.charts.throughput.title')}
          description={t('insights.charts.throughput.description')}
          table={throughputTable(insights, t)}
          fileName={file('throughput')}
          empty={insights.throughput.length === 0 ? t('insights.charts.empty') : null}
        >
          <ThroughputChart insights={insights} label={labels.throughput} />
        </ChartPanel>
        <ChartPanel
          title={t('insights.charts.cycle.title')}
          description={t('insights.charts.cycle.description')}
          table={cycleTable(insights, t)}
          fileName={file('cycle-time')}
          empty={
            insights.finished.length === 0
              ? t('insights.charts.noneFinished')
              : insights.finished.every((card) => card.cycleDays === null)
                ? t('insights.charts.noneStarted')
                : null
          }
        >
          <CycleTimeChart insights={insights} label={labels.cycle} />
        </ChartPanel>
        <ChartPanel
          title={t('insights.charts.timeInList.title')}
          description={t('insights.charts.timeInList.description')}
          table={timeInListTable(insights, t)}
          fileName={file('time-in-list')}
          empty={insights.timeInList.length === 0 ? t('insights.charts.empty') : null}
        >
          <TimeInListChart insights={insights} label={labels.timeInList} />
        </ChartPanel>
        <ChartPanel
          title={t('insights.wip.title')}
          description={t('insights.wip.description')}
          table={wipTable(insights, t)}
          fileName={file('work-in-progress')}
          renderCell={(cell, row, column) => {
            const wip = insights.wip[row];
            if (column === 2 && cell === null) return t('insights.wip.noLimit');
            if (column === 1 && wip && wip.limit !== null && wip.count > wip.limit)
              return (
                <strong className="text-red-700 dark:text-red-300">
                  {t('insights.wip.overLimit', { count: wip.count })}
                </strong>
              );
            return undefined;
          }}
        />
        <ChartPanel
          title={t('insights.aging.title')}
          description={t('insights.aging.description')}
          table={agingTable(insights, t)}
          fileName={file('aging-cards')}
          empty={insights.aging.length === 0 ? t('insights.aging.empty') : null}
          renderCell={(_cell, row, column) => {
            const card = insights.aging[row];
            if (column !== 0 || !card) return undefined;
            return (
              <Link
                to={`/board/${encodeURIComponent(boardId)}?card=${encodeURIComponent(card.cardId)}`}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {card.title}
              </Link>
            );
          }}
        />
      </div>
    </>
  );
}
