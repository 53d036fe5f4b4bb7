import type { Theme } from '@papan/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useTheme } from '../../lib/theme';

// Only the parts the flow charts use (lines and areas, bars, scatter points), so the rest of
// chart.js stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Filler, Legend, Tooltip);

export interface ChartColors {
  /** Axis labels, legend and tooltips' text. */
  text: string;
  grid: string;
  /** One colour per series (a list), mid tones that read on white and on slate-900 alike. */
  series: readonly string[];
  /** The two percentile lines and bars (50 %, 85 %). */
  p50: string;
  p85: string;
}

const SERIES = ['#6366f1', '#0ea5e9', '#f59e0b', '#10b981', '#f43f5e', '#8b5cf6', '#14b8a6', '#f97316'];

const COLORS: Record<Theme, ChartColors> = {
  // slate-600 text and slate-200 grid on white; slate-300 and slate-700 on slate-900.
  light: { text: '#475569', grid: '#e2e8f0', series: SERIES, p50: '#4f46e5', p85: '#d97706' },
  dark: { text: '#cbd5e1', grid: '#334155', series: SERIES, p50: '#818cf8', p85: '#fbbf24' },
};

/** The chart colours of a theme: the app's own (lib/theme), or the one given (the wallboard is dark). */
export function useChartColors(theme?: Theme): ChartColors {
  const appTheme = useTheme((state) => state.theme);
  return COLORS[theme ?? appTheme];
}

/** The i-th series colour, with `alpha` (0–1) when given: '#6366f1' → 'rgba(99, 102, 241, 0.5)'. */
export function seriesColor(colors: ChartColors, index: number, alpha = 1): string {
  const hex = colors.series[index % colors.series.length] ?? '#64748b';
  if (alpha >= 1) return hex;
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Axis settings every flow chart shares: the theme's text and grid colours. */
export function axis(colors: ChartColors) {
  return { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
}

/** A legend in the theme's text colour. */
export function legend(colors: ChartColors) {
  return { labels: { color: colors.text, boxWidth: 12 } };
}
