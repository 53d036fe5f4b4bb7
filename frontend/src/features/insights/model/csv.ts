/** A cell of a table: text, a number, or nothing (an empty field). */
export type Cell = string | number | null;

export interface DataTable {
  columns: string[];
  rows: Cell[][];
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text a spreadsheet would run as a formula (= + - @ at the start) is prefixed with ' (OWASP's
 * advice on CSV injection): a card's title is anyone's words.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: a header row, then one line per row, CRLF between them. */
export function toCsv({ columns, rows }: DataTable): string {
  return [columns, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Saves the table as `fileName` through a Blob and an object address (with a BOM, for spreadsheets). */
export function downloadCsv(fileName: string, table: DataTable): void {
  const blob = new Blob(['\uFEFF', toCsv(table)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
