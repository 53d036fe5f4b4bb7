import { SquareArrowOutUpRight } from 'lucide-react';
import { memo } from 'react';
import type { TableRow } from '../../model/table-rows';
import { changeFields } from '../fields/card-fields-change';
import { FieldEditor } from '../fields/field-editor';
import { CellContent, type CellContext } from './table-cell';
import { cellClass, type TableColumn } from './table-columns';
import { DueCellEditor } from './due-cell-editor';
import { TitleCellEditor } from './title-cell-editor';
import type { GridCell } from './use-grid-keys';

interface CellProps {
  row: TableRow;
  column: TableColumn;
  col: number;
  /** The cell with the focus (in the tab order). */
  active: boolean;
  editing: boolean;
  ctx: CellContext;
  onCell: (cell: GridCell) => void;
  onEdit: (cell: GridCell) => void;
  onDone: () => void;
  onOpenCard: (cardId: string) => void;
}

/**
 * One cell of the table view: its value, or its editor while edited. Memoised apart from its row:
 * a sort moves rows without drawing their cells again.
 */
export const TableCellView = memo(function TableCellView({
  row,
  column,
  col,
  active,
  editing,
  ctx,
  onCell,
  onEdit,
  onDone,
  onOpenCard,
}: CellProps) {
  const { card } = row;
  const { t } = ctx;
  const label = t('board.table.editCell', { column: column.label, title: card.title });
  const field = column.field;
  return (
    <div
      role="gridcell"
      aria-colindex={col + 1}
      aria-readonly={column.editable ? undefined : true}
      data-cell={`${card._id}:${col}`}
      tabIndex={active && !editing ? 0 : -1}
      onClick={() => onCell({ cardId: card._id, col })}
      onDoubleClick={() => column.editable && onEdit({ cardId: card._id, col })}
      className={`${cellClass} ${col === 0 ? 'sticky left-0 z-[1] bg-inherit' : ''} ${editing ? 'overflow-visible' : 'overflow-hidden'}`}
    >
      {editing && column.key === 'title' && <TitleCellEditor card={card} label={label} onDone={onDone} />}
      {editing && column.key === 'due' && <DueCellEditor card={card} label={label} onDone={onDone} />}
      {editing && field && (
        <div
          className="w-full"
          onBlur={(event) => {
            if (field.type === 'select' && !event.currentTarget.contains(event.relatedTarget)) onDone();
          }}
        >
          <FieldEditor
            field={field}
            value={card.fields?.[field._id]}
            label={label}
            autoFocus
            className="w-full"
            onSave={(value) => {
              onDone();
              void changeFields(card, { [field._id]: value });
            }}
            onCancel={onDone}
          />
        </div>
      )}
      {!editing && <CellContent row={row} column={column} ctx={ctx} />}
      {!editing && column.key === 'title' && (
        <button
          type="button"
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            onOpenCard(card._id);
          }}
          className="ml-auto shrink-0 rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
          title={t('board.table.open', { title: card.title })}
          aria-label={t('board.table.open', { title: card.title })}
        >
          <SquareArrowOutUpRight aria-hidden="true" className="size-3.5" />
        </button>
      )}
    </div>
  );
});
