import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The cell with the focus: a card's row (null: the header row) and a column index. */
export interface GridCell {
  cardId: string | null;
  col: number;
}

interface GridKeysOptions {
  /** The rows' card ids in the order shown. */
  order: readonly string[];
  columns: number;
  /** Brings a row into view (the rows are virtualised: a row off screen is not drawn). */
  reveal: (index: number) => void;
  /** Enter, F2 or Space on a cell; on the header row, Enter or Space sorts by the column. */
  activate: (cell: GridCell, edit: () => void) => void;
  /** Delete or Backspace on a cell. */
  clear: (cell: GridCell) => void;
}

const PAGE = 10;

/**
 * The table's keyboard (the ARIA grid pattern): one cell is in the tab order; arrows move between
 * cells (up from the first row reaches the column headers), Home/End go to the row's ends and with
 * Ctrl to the table's, Page Up/Down move ten rows. The focus follows its card when the rows are
 * sorted again or a live change moves it.
 */
export function useGridKeys({ order, columns, reveal, activate, clear }: GridKeysOptions) {
  const [active, setActive] = useState<GridCell>({ cardId: null, col: 0 });
  const [editing, setEditing] = useState<GridCell | null>(null);
  const focusAfter = useRef(false);
  const index = active.cardId === null ? -1 : order.indexOf(active.cardId);

  const moveTo = useCallback((cell: GridCell) => {
    focusAfter.current = true;
    setActive(cell);
  }, []);

  const done = useCallback(() => {
    focusAfter.current = true;
    setEditing(null);
  }, []);

  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusAfter.current || editing) return;
    focusAfter.current = false;
    if (index >= 0) reveal(index);
    const selector =
      active.cardId === null
        ? `[data-header="${active.col}"]`
        : `[data-cell="${active.cardId}:${active.col}"]`;
    // A cell on screen (the one an editor just closed over) takes the focus at once: a key typed
    // right after Escape or Enter must reach the grid, not the page.
    const drawn = grid.current?.querySelector<HTMLElement>(selector);
    if (drawn) return drawn.focus();
    // A row scrolled to is drawn by the virtualiser a frame later.
    const frame = requestAnimationFrame(() => grid.current?.querySelector<HTMLElement>(selector)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [active, editing, index, reveal]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (editing || event.altKey || event.metaKey) return;
      const row = index;
      const at = (r: number, c: number) => {
        const rowIndex = Math.max(-1, Math.min(order.length - 1, r));
        moveTo({
          cardId: rowIndex < 0 ? null : order[rowIndex]!,
          col: Math.max(0, Math.min(columns - 1, c)),
        });
      };
      const edit = () => setEditing(active);
      const keys: Record<string, () => void> = {
        ArrowRight: () => at(row, active.col + 1),
        ArrowLeft: () => at(row, active.col - 1),
        ArrowDown: () => at(row + 1, active.col),
        ArrowUp: () => at(row - 1, active.col),
        Home: () => (event.ctrlKey ? at(0, 0) : at(row, 0)),
        End: () => (event.ctrlKey ? at(order.length - 1, columns - 1) : at(row, columns - 1)),
        PageDown: () => at(Math.max(row, 0) + PAGE, active.col),
        PageUp: () => at(row - PAGE, active.col),
        Enter: () => activate(active, edit),
        F2: () => activate(active, edit),
        ' ': () => activate(active, edit),
        Delete: () => clear(active),
        Backspace: () => clear(active),
      };
      const action = keys[event.key];
      // Keys typed in a control inside a cell (the open-card button) are its own.
      if (!action || (event.target as HTMLElement).closest('input, select, textarea')) return;
      event.preventDefault();
      action();
    },
    [editing, index, order, columns, active, moveTo, activate, clear],
  );

  return { grid, active, index, editing, setEditing, moveTo, done, onKeyDown };
}
