import type { BoardField, CompactList, Label, Lane, UserRef } from '@papan/shared';
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardFilter } from '../../hooks/use-card-filter';
import { cardMatcher, isFiltering } from '../../model/card-filter';
import { nextSort, sortRows, tableRows, type TableSort } from '../../model/table-rows';
import { useBoardStore } from '../../store';
import { changeFields } from '../fields/card-fields-change';
import { cellClass, tableColumns } from './table-columns';
import { ROW_HEIGHT, TableRowView } from './table-row-view';
import { useGridKeys, type GridCell } from './use-grid-keys';

const NO_LISTS: CompactList[] = [];
const NO_LANES: Lane[] = [];
const NO_FIELDS: BoardField[] = [];
const NO_LABELS: Label[] = [];
const NO_MEMBERS: UserRef[] = [];
const HEADER_HEIGHT = 40;
const keepAll = () => true;

/**
 * /board/:boardId/table (docs/fields.md, "Views"): one row a card, the board's filter applied,
 * sorted by any column (a header's click or Enter), its title, due date and custom fields edited in
 * place through the card detail's own changes; it follows the live board like the board screen.
 * Rows are virtualised: 2,000 cards draw only the rows in view.
 */
export function TableView({ onOpenCard }: { onOpenCard: (cardId: string) => void }) {
  const { t, i18n } = useTranslation();
  const lists = useBoardStore((state) => state.board?.lists ?? NO_LISTS);
  const lanes = useBoardStore((state) => state.board?.lanes ?? NO_LANES);
  const fields = useBoardStore((state) => state.board?.fields ?? NO_FIELDS);
  const labels = useBoardStore((state) => state.board?.labels ?? NO_LABELS);
  const members = useBoardStore((state) => state.board?.members ?? NO_MEMBERS);
  const { filter } = useCardFilter();
  const [sort, setSort] = useState<TableSort | null>(null);
  const language = i18n.language;

  const columns = useMemo(() => tableColumns(fields, lanes.length > 0, t), [fields, lanes.length, t]);
  const template = columns.map((column) => column.width).join(' ');
  const ctx = useMemo(
    () => ({
      t,
      language,
      labels: new Map(labels.map((label) => [label._id, label])),
      members: new Map(members.map((member) => [member._id, member])),
    }),
    [t, language, labels, members],
  );
  const collator = useMemo(
    () => new Intl.Collator(language, { numeric: true, sensitivity: 'base' }),
    [language],
  );
  const rows = useMemo(() => {
    const keep = isFiltering(filter) ? cardMatcher(filter, fields) : keepAll;
    return tableRows({ lists, lanes }, keep, t('board.lanes.default'));
  }, [lists, lanes, fields, filter, t]);
  const sorted = useMemo(
    () => sortRows(rows, sort, { fields, labels: ctx.labels, members: ctx.members, collator }),
    [rows, sort, fields, ctx, collator],
  );
  const order = useMemo(() => sorted.map((row) => row.card._id), [sorted]);

  const activate = useCallback(
    (cell: GridCell, edit: () => void) => {
      const column = columns[cell.col];
      if (!column) return;
      if (cell.cardId === null) return setSort((current) => nextSort(current, column.key));
      const row = sorted.find((r) => r.card._id === cell.cardId);
      if (!row) return;
      if (!column.editable) return onOpenCard(row.card._id);
      const field = column.field;
      if (field?.type === 'checkbox')
        return void changeFields(row.card, { [field._id]: row.card.fields?.[field._id] !== true });
      edit();
    },
    [columns, sorted, onOpenCard],
  );
  const clear = useCallback(
    (cell: GridCell) => {
      const field = columns[cell.col]?.field;
      const row = sorted.find((r) => r.card._id === cell.cardId);
      if (field && row && row.card.fields?.[field._id] !== undefined)
        void changeFields(row.card, { [field._id]: null });
    },
    [columns, sorted],
  );

  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const reveal = useCallback((index: number) => virtualizerRef.current?.scrollToIndex(index), []);
  const keys = useGridKeys({ order, columns: columns.length, reveal, activate, clear });
  const activeIndex = keys.index;
  // Its functions are read in this render only (rows drawn, scrolling): nothing memoised keeps them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // The row with the focus stays drawn when scrolled away, so the grid keeps its tab stop.
    rangeExtractor: useCallback(
      (range: Range) => {
        const shown = defaultRangeExtractor(range);
        return activeIndex >= 0 && !shown.includes(activeIndex)
          ? [...shown, activeIndex].sort((a, b) => a - b)
          : shown;
      },
      [activeIndex],
    ),
  });
  virtualizerRef.current = virtualizer;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p id="board-table-hint" className="sr-only">
        {t('board.table.hint')}
      </p>
      {/* A cell scrolled to with the keyboard stays clear of the sticky header and title column. */}
      <div
        ref={setScroller}
        className="min-h-0 flex-1 overflow-auto"
        style={{ scrollPaddingLeft: columns[0]?.width, scrollPaddingTop: HEADER_HEIGHT }}
        data-testid="board-table-scroller"
      >
        <div
          ref={keys.grid}
          role="grid"
          aria-label={t('board.table.label')}
          aria-describedby="board-table-hint"
          aria-rowcount={sorted.length + 1}
          aria-colcount={columns.length}
          onKeyDown={keys.onKeyDown}
          className="relative w-max min-w-full text-slate-800 dark:text-slate-100"
        >
          <div
            role="row"
            aria-rowindex={1}
            className="sticky top-0 z-10 grid bg-slate-100 dark:bg-slate-950"
            style={{ gridTemplateColumns: template, height: HEADER_HEIGHT }}
          >
            {columns.map((column, col) => {
              const sorting = sort?.key === column.key ? sort.dir : null;
              return (
                <div
                  key={column.key}
                  role="columnheader"
                  aria-colindex={col + 1}
                  aria-sort={sorting === 'asc' ? 'ascending' : sorting === 'desc' ? 'descending' : undefined}
                  data-header={col}
                  tabIndex={keys.active.cardId === null && keys.active.col === col ? 0 : -1}
                  onClick={() => {
                    keys.moveTo({ cardId: null, col });
                    setSort((current) => nextSort(current, column.key));
                  }}
                  title={t('board.table.sortBy', { column: column.label })}
                  className={`${cellClass} cursor-pointer bg-slate-100 font-semibold text-slate-700 select-none hover:bg-slate-200 dark:bg-slate-950 dark:text-slate-200 dark:hover:bg-slate-800 ${col === 0 ? 'sticky left-0 z-[1]' : ''}`}
                >
                  <span className="truncate">{column.label}</span>
                  {sorting === 'asc' && <ArrowUp aria-hidden="true" className="size-3.5 shrink-0" />}
                  {sorting === 'desc' && <ArrowDown aria-hidden="true" className="size-3.5 shrink-0" />}
                </div>
              );
            })}
          </div>
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = sorted[item.index]!;
              const id = row.card._id;
              return (
                <TableRowView
                  key={id}
                  row={row}
                  index={item.index}
                  top={item.start - HEADER_HEIGHT}
                  columns={columns}
                  template={template}
                  activeCol={keys.active.cardId === id ? keys.active.col : -1}
                  editingCol={keys.editing?.cardId === id ? keys.editing.col : -1}
                  ctx={ctx}
                  onCell={keys.moveTo}
                  onEdit={keys.setEditing}
                  onDone={keys.done}
                  onOpenCard={onOpenCard}
                />
              );
            })}
          </div>
          {sorted.length === 0 && (
            <p className="p-6 text-sm text-slate-600 dark:text-slate-300">{t('board.table.empty')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
