/** How a due date stands (docs/product.md, "Board screen"): the colour of its badge. */
export type DueStatus = 'complete' | 'overdue' | 'soon' | 'later';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Complete wins; then past its time is overdue, within 24 hours is soon. */
export function dueStatus(dueAt: string, complete: boolean | undefined, now = Date.now()): DueStatus {
  if (complete) return 'complete';
  const left = new Date(dueAt).getTime() - now;
  if (left < 0) return 'overdue';
  return left <= DAY_MS ? 'soon' : 'later';
}

/** `datetime-local` wants the reader's local time without a zone: "2026-11-24T17:00". */
export function toLocalInput(iso: string | undefined | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The ISO time of a `datetime-local` value, read in the reader's time zone; null when empty or bad. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
