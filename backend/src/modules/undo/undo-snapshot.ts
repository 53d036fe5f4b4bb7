import { sql, type SQL } from 'drizzle-orm';
import type { UndoKind } from '@papan/shared';

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
/** What a deletion took, by table. */
export type Snapshot = Partial<Record<SnapshotTable, SnapshotRow[]>>;

/**
 * Which rows of each table a deletion of `kind` takes (conditions on that table's own columns).
 * A card is archived, not deleted (SPEC §4): its row is kept as it was and only its attachments go.
 * A list takes every card it holds, archived ones too, so their own undo still finds them.
 */
export function snapshotScope(kind: UndoKind, id: string): Partial<Record<SnapshotTable, SQL>> {
  switch (kind) {
    case 'card':
      return { cards: sql`id = ${id}`, attachments: sql`card_id = ${id}` };
    case 'checklist':
      return { checklists: sql`id = ${id}`, checklist_items: sql`checklist_id = ${id}` };
    case 'comment':
      return { comments: sql`id = ${id}` };
    case 'list': {
      const ofCards = sql`card_id in (select id from cards where list_id = ${id})`;
      return {
        lists: sql`id = ${id}`,
        cards: sql`list_id = ${id}`,
        card_labels: ofCards,
        card_members: ofCards,
        checklists: ofCards,
        checklist_items: sql`checklist_id in (select id from checklists where ${ofCards})`,
        comments: ofCards,
        attachments: ofCards,
        due_reminders: ofCards,
      };
    }
  }
}

/** One `jsonb_build_object` of every scoped table's rows, each table an array (possibly empty). */
export function snapshotObject(scope: Partial<Record<SnapshotTable, SQL>>): SQL {
  const parts = Object.entries(scope).map(
    ([table, where]) =>
      sql`${table}::text, coalesce((select jsonb_agg(to_jsonb(t)) from ${sql.identifier(table)} t where ${where}), '[]'::jsonb)`,
  );
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}
