import { Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { downloadCsv, type Cell, type DataTable as Table } from '../model/csv';
import { DataTable } from './data-table';

interface ChartPanelProps {
  title: string;
  description?: string;
  /** The chart's numbers: its table alternative and its CSV. */
  table: Table;
  /** The CSV's file name, without `.csv`. */
  fileName: string;
  /** The chart; left out for a panel that is a table already (its table then shows openly). */
  children?: ReactNode;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | null;
  renderCell?: (cell: Cell, row: number, column: number) => ReactNode;
}

/** One figure of the Insights screen: its heading, its chart, the same numbers as a table, and a CSV. */
export function ChartPanel({
  title,
  description,
  table,
  fileName,
  children,
  empty,
  renderCell,
}: ChartPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const caption = t('insights.charts.tableOf', { title });
  const grid = <DataTable table={table} caption={caption} renderCell={renderCell} />;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadCsv(`${fileName}.csv`, table)}
          aria-label={t('insights.charts.downloadOf', { title })}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('insights.charts.download')}
        </Button>
      </div>
      {empty ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{empty}</p>
      ) : children ? (
        <>
          {children}
          <details className="group">
            <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              {t('insights.charts.showTable')}
            </summary>
            <div className="mt-3">{grid}</div>
          </details>
        </>
      ) : (
        grid
      )}
    </section>
  );
}
