/** The tables a deletion can take rows from, in the order a restore puts them back. */
export const SNAPSHOT_TABLES = [
  'lists',
  'cards',
  'card_labels',
  'card_members',
  'checklists',
  'checklist_items',
  'comments',
  'attachments',
  'due_reminders',
] as const;
export type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];

/** A row as `to_jsonb` gives it: column names, JSON values (times as ISO strings). */
export type SnapshotRow = Record<string, unknown>;
/** What a deletion took, by table (the statements that take it are UndoRepository's). */
export type Snapshot = Partial<Record<SnapshotTable, SnapshotRow[]>>;
