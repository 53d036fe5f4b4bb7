import type { Insights } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { CfdChart } from '../../../components/charts/cfd-chart';

/**
 * The board's cumulative flow of the last 30 days, large and dark for a TV. Its own chunk (chart.js
 * with it), so the wallboard's lists show before the chart's code arrives.
 */
export function WallboardFlow({ insights }: { insights: Insights }) {
  const { t } = useTranslation();
  const today = insights.cfd.at(-1);
  const last = insights.lists.map((list) => `${list.title} ${today?.counts[list._id] ?? 0}`).join(', ');
  return (
    <CfdChart
      lists={insights.lists}
      cfd={insights.cfd}
      label={t('wallboard.cfd', { last })}
      height={240}
      theme="dark"
      large
    />
  );
}
