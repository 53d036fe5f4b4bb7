import type { Insights } from '@papan/shared';
import { Bar, Scatter } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { axis, legend, seriesColor, useChartColors } from '../../../components/charts/chart-theme';
import { formatShortDate } from '../../../lib/dates';
import { listTitles } from '../model/flow-tables';

const HEIGHT = 260;
const DAY_MS = 86_400_000;

/** The chart's box: its whole width, a fixed height (the charts stack on a phone). */
function Box({ children }: { children: React.ReactNode }) {
  return (
    <div style={{ height: HEIGHT }} className="relative w-full min-w-0">
      {children}
    </div>
  );
}

/** Cards finished per day, as bars. */
export function ThroughputChart({ insights, label }: { insights: Insights; label: string }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  return (
    <Box>
      <Bar
        role="img"
        aria-label={label}
        data={{
          labels: insights.throughput.map((day) => formatShortDate(day.date, i18n.resolvedLanguage)),
          datasets: [
            {
              label: t('insights.columns.finished'),
              data: insights.throughput.map((day) => day.count),
              backgroundColor: seriesColor(colors, 3),
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { ...axis(colors), ticks: { color: colors.text, maxRotation: 0, autoSkipPadding: 12 } },
            y: { ...axis(colors), beginAtZero: true, ticks: { color: colors.text, precision: 0 } },
          },
          plugins: { legend: { display: false } },
        }}
      />
    </Box>
  );
}

/**
 * Each finished card as a point: when it finished (x) and its cycle time in days (y), with the
 * 50th and 85th percentiles as horizontal lines. Cards that never entered an active list have no
 * cycle time and are left out.
 */
export function CycleTimeChart({ insights, label }: { insights: Insights; label: string }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const cards = insights.finished.filter((card) => card.cycleDays !== null);
  const start = Date.parse(`${insights.from}T00:00:00`);
  const end = Date.parse(`${insights.to}T00:00:00`) + DAY_MS;
  const line = (value: number | null) =>
    value === null
      ? []
      : [
          { x: start, y: value },
          { x: end, y: value },
        ];
  const { p50, p85 } = insights.cycleTime;
  const days = (value: number) =>
    t('insights.figures.days', { value: formatDays(value, i18n.resolvedLanguage) });
  return (
    <Box>
      <Scatter
        role="img"
        aria-label={label}
        data={{
          datasets: [
            {
              label: t('insights.columns.cycleDays'),
              data: cards.map((card) => ({ x: Date.parse(card.finishedAt), y: card.cycleDays ?? 0 })),
              // Sky points: apart from the indigo and amber percentile lines, in both themes.
              backgroundColor: seriesColor(colors, 1, 0.75),
              borderColor: seriesColor(colors, 1),
              pointRadius: 4,
            },
            {
              label: t('insights.charts.cycle.p50Line', { value: p50 === null ? '' : days(p50) }),
              data: line(p50),
              showLine: true,
              pointRadius: 0,
              borderColor: colors.p50,
              backgroundColor: colors.p50,
              borderWidth: 2,
            },
            {
              label: t('insights.charts.cycle.p85Line', { value: p85 === null ? '' : days(p85) }),
              data: line(p85),
              showLine: true,
              pointRadius: 0,
              borderColor: colors.p85,
              backgroundColor: colors.p85,
              borderWidth: 2,
              borderDash: [6, 4],
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: {
              ...axis(colors),
              type: 'linear',
              min: start,
              max: end,
              ticks: {
                color: colors.text,
                maxRotation: 0,
                autoSkipPadding: 12,
                // Whole days, about six labels across the range.
                stepSize: DAY_MS * Math.max(1, Math.ceil((end - start) / DAY_MS / 6)),
                callback: (value) => formatShortDate(new Date(Number(value)), i18n.resolvedLanguage),
              },
            },
            y: {
              ...axis(colors),
              beginAtZero: true,
              title: { display: true, text: t('insights.columns.cycleDays'), color: colors.text },
            },
          },
          plugins: {
            legend: legend(colors),
            tooltip: {
              callbacks: {
                label: (item) =>
                  item.datasetIndex === 0
                    ? `${cards[item.dataIndex]?.title ?? ''}: ${days(item.parsed.y ?? 0)}`
                    : (item.dataset.label ?? ''),
              },
            },
          },
        }}
      />
    </Box>
  );
}

/** How long cards stayed in each list: the 50th and 85th percentiles side by side. */
export function TimeInListChart({ insights, label }: { insights: Insights; label: string }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const title = listTitles(insights);
  return (
    <Box>
      <Bar
        role="img"
        aria-label={label}
        data={{
          labels: insights.timeInList.map((row) => title(row.listId)),
          datasets: [
            {
              label: t('insights.columns.p50Days'),
              data: insights.timeInList.map((row) => row.p50),
              backgroundColor: colors.p50,
            },
            {
              label: t('insights.columns.p85Days'),
              data: insights.timeInList.map((row) => row.p85),
              backgroundColor: colors.p85,
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: axis(colors),
            y: {
              ...axis(colors),
              beginAtZero: true,
              title: { display: true, text: t('insights.figures.daysAxis'), color: colors.text },
            },
          },
          plugins: { legend: legend(colors) },
        }}
      />
    </Box>
  );
}

/** Days with at most two decimals, in the reader's language ("1.5" / "1,5"). */
export function formatDays(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}
