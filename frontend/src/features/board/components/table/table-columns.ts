import type { BoardField } from '@papan/shared';
import type { TFunction } from 'i18next';
import { CARD_COLUMNS, fieldColumn, type CardColumn, type ColumnKey } from '../../model/table-rows';

/** A header's or a cell's look (the one with the focus outlined). */
export const cellClass =
  'flex h-10 min-w-0 items-center gap-1 border-b border-r border-slate-200 px-2 text-sm ' +
  'focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-500 dark:border-slate-800';

/** One column of the table view as drawn. */
export interface TableColumn {
  key: ColumnKey;
  label: string;
  /** Its CSS grid track. */
  width: string;
  /** Its field, for a custom field's column. */
  field?: BoardField;
  /** Whether Enter (or a double click) edits its cells in place. */
  editable: boolean;
}

const WIDTHS: Record<CardColumn, string> = {
  title: '18rem',
  list: '9rem',
  lane: '9rem',
  labels: '11rem',
  members: '8rem',
  due: '12rem',
  created: '9rem',
  updated: '9rem',
};
const EDITABLE = new Set<CardColumn>(['title', 'due']);

/**
 * The columns in order (docs/fields.md, "Views"): title, list, lane (on a board with lanes),
 * labels, members, due, every custom field, created, updated.
 */
export function tableColumns(fields: readonly BoardField[], hasLanes: boolean, t: TFunction): TableColumn[] {
  const card = (key: CardColumn): TableColumn => ({
    key,
    label: t(`board.table.columns.${key}`),
    width: WIDTHS[key],
    editable: EDITABLE.has(key),
  });
  const before = CARD_COLUMNS.filter(
    (key) => key !== 'created' && key !== 'updated' && (hasLanes || key !== 'lane'),
  );
  return [
    ...before.map(card),
    ...fields.map((field) => ({
      key: fieldColumn(field._id),
      label: field.name,
      width: field.type === 'checkbox' ? '7rem' : field.type === 'text' ? '14rem' : '10rem',
      field,
      editable: true,
    })),
    card('created'),
    card('updated'),
  ];
}
