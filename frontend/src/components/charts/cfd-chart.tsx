import type { Insights, Theme } from '@papan/shared';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../lib/dates';
import { axis, legend, seriesColor, useChartColors } from './chart-theme';

interface CfdChartProps {
  lists: Pick<Insights['lists'][number], '_id' | 'title'>[];
  cfd: Insights['cfd'];
  /** The chart's accessible name: what it shows, in words. */
  label: string;
  /** The chart's height in pixels; it takes its box's whole width. */
  height: number;
  /** A theme of its own (the wallboard is always dark); else the app's. */
  theme?: Theme;
  /** Larger text, for a screen read from across a room. */
  large?: boolean;
}

/**
 * A cumulative flow diagram: the open cards in each list at each day's end, stacked. The board's
 * last list (done) lies at the bottom and its first (backlog) on top; the legend reads in board order.
 */
export function CfdChart({ lists, cfd, label, height, theme, large = false }: CfdChartProps) {
  const { i18n } = useTranslation();
  const colors = useChartColors(theme);
  const font = { size: large ? 16 : 12 };
  const stacked = lists
    .map((list, index) => ({ list, index }))
    .reverse()
    .map(({ list, index }, position) => ({
      label: list.title,
      data: cfd.map((day) => day.counts[list._id] ?? 0),
      borderColor: seriesColor(colors, index),
      backgroundColor: seriesColor(colors, index, 0.55),
      borderWidth: 1.5,
      pointRadius: 0,
      fill: position === 0 ? ('origin' as const) : ('-1' as const),
    }));
  return (
    <div style={{ height }} className="relative w-full min-w-0">
      <Line
        role="img"
        aria-label={label}
        data={{
          labels: cfd.map((day) => formatShortDate(day.date, i18n.resolvedLanguage)),
          datasets: stacked,
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            x: { ...axis(colors), ticks: { color: colors.text, font, maxRotation: 0, autoSkipPadding: 12 } },
            y: {
              ...axis(colors),
              stacked: true,
              beginAtZero: true,
              ticks: { color: colors.text, font, precision: 0 },
            },
          },
          plugins: {
            legend: { ...legend(colors), reverse: true, labels: { ...legend(colors).labels, font } },
          },
        }}
      />
    </div>
  );
}
