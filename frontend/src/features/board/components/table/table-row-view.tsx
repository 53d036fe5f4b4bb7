import { memo } from 'react';
import type { TableRow } from '../../model/table-rows';
import type { CellContext } from './table-cell';
import type { TableColumn } from './table-columns';
import { TableCellView } from './table-cell-view';
import type { GridCell } from './use-grid-keys';

export const ROW_HEIGHT = 40;

interface RowProps {
  row: TableRow;
  index: number;
  top: number;
  columns: TableColumn[];
  template: string;
  /** The column of the cell with the focus in this row, or -1. */
  activeCol: number;
  /** The column being edited in this row, or -1. */
  editingCol: number;
  ctx: CellContext;
  onCell: (cell: GridCell) => void;
  onEdit: (cell: GridCell) => void;
  onDone: () => void;
  onOpenCard: (cardId: string) => void;
}

/** One card's row of the table view (memoised: only rows whose card or focus changed draw again). */
export const TableRowView = memo(function TableRowView({
  row,
  index,
  top,
  columns,
  template,
  activeCol,
  editingCol,
  ctx,
  onCell,
  onEdit,
  onDone,
  onOpenCard,
}: RowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="absolute left-0 grid w-full bg-white hover:bg-slate-50 dark:bg-slate-900 dark:hover:bg-slate-800/60"
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: template, height: ROW_HEIGHT }}
      data-card-row={row.card._id}
    >
      {columns.map((column, col) => (
        <TableCellView
          key={column.key}
          row={row}
          column={column}
          col={col}
          active={col === activeCol}
          editing={col === editingCol}
          ctx={ctx}
          onCell={onCell}
          onEdit={onEdit}
          onDone={onDone}
          onOpenCard={onOpenCard}
        />
      ))}
    </div>
  );
});
