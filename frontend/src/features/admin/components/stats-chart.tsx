import { UI, type AdminStats } from '@papan/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { format, parseISO } from 'date-fns';
import { Bar, Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { dateLocale } from '../../../lib/dates';
import type { UserGrowthDay } from '@papan/shared';

// Only the parts these two charts use, so the rest of chart.js stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Filler, Tooltip);

const INDIGO = '#6366f1';
const COLORS = ['#0ea5e9', '#f59e0b', '#10b981'];

/** 'User Growth (Last 7 Days)': new users per day. */
export function UserGrowthChart({ growth }: { growth: UserGrowthDay[] }) {
  const { t, i18n } = useTranslation();
  const title = t('admin.charts.userGrowth');
  const labels = growth.map((d) =>
    format(parseISO(d.day), 'd MMM', { locale: dateLocale(i18n.resolvedLanguage) }),
  );
  return (
    <Panel title={title}>
      <div style={{ height: UI.adminChartHeight }}>
        <Line
          aria-label={title}
          role="img"
          fallbackContent={<Summary rows={growth.map((d, i) => [labels[i] ?? d.day, d.newUsers])} />}
          data={{
            labels,
            datasets: [
              {
                label: t('admin.charts.newUsers'),
                data: growth.map((d) => d.newUsers),
                borderColor: INDIGO,
                backgroundColor: 'rgba(99, 102, 241, 0.15)',
                fill: true,
                cubicInterpolationMode: 'monotone',
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          }}
        />
      </div>
    </Panel>
  );
}

/** 'Content Overview': boards, lists and cards side by side, as horizontal bars. */
export function ContentOverviewChart({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation();
  const title = t('admin.charts.contentOverview');
  const rows: [string, number][] = [
    [t('admin.charts.boards'), stats.boardCount],
    [t('admin.charts.lists'), stats.listCount],
    [t('admin.charts.cards'), stats.cardCount],
  ];
  return (
    <Panel title={title}>
      <div style={{ height: UI.adminChartHeight }}>
        <Bar
          aria-label={title}
          role="img"
          fallbackContent={<Summary rows={rows} />}
          data={{
            labels: rows.map(([name]) => name),
            datasets: [
              { label: t('admin.charts.count'), data: rows.map(([, n]) => n), backgroundColor: COLORS },
            ],
          }}
          options={{
            indexAxis: 'y',
            maintainAspectRatio: false,
            scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
          }}
        />
      </div>
    </Panel>
  );
}

/** The chart's numbers for screen readers (inside the canvas, which only they read). */
function Summary({ rows }: { rows: [string, number][] }) {
  return (
    <ul>
      {rows.map(([name, value]) => (
        <li key={name}>
          {name}: {value}
        </li>
      ))}
    </ul>
  );
}
