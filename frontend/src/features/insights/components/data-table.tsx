import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cell, DataTable as Table } from '../model/csv';

interface DataTableProps {
  table: Table;
  caption: string;
  /** A cell drawn differently (a card's title as a link); else its text. */
  renderCell?: (cell: Cell, row: number, column: number) => ReactNode;
}

/** A chart's numbers as a real table, scrolling sideways on a narrow screen. */
export function DataTable({ table, caption, renderCell }: DataTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  const text = (cell: Cell) =>
    cell === null ? t('insights.figures.none') : typeof cell === 'number' ? number.format(cell) : cell;
  return (
    // A region a keyboard can focus, so it can scroll a wide table sideways (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-800"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            {table.columns.map((column, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td
                  key={c}
                  className={`px-3 py-1.5 ${typeof cell === 'number' || cell === null ? 'text-right tabular-nums' : ''} ${c === 0 ? 'min-w-32' : 'whitespace-nowrap'}`}
                >
                  {renderCell?.(cell, r, c) ?? text(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
