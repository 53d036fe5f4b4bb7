import { fieldValueText, type PapanExport } from '@papan/shared';

const BOM = '\uFEFF';
const HEADER = [
  'List',
  'Title',
  'Description',
  'Labels',
  'Members',
  'Due',
  'Due complete',
  'Checklist',
  'Created',
];

/**
 * A cell as RFC 4180 wants it, with a formula neutralised first: a spreadsheet runs a cell that
 * starts with = + - @ (or a tab or CR, which some strip first) as a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * One row per card (docs/api.md, "Export and import"), UTF-8 with a BOM so spreadsheets read it as
 * such; after the fixed columns, one a custom field, in the board's order, headed by its name
 * (docs/fields.md, "Export and import").
 */
export function toCsv(doc: PapanExport): string {
  const labelName = new Map(doc.labels.map((l) => [l.id, l.name]));
  const memberName = new Map(doc.members.map((m) => [m.email, m.name]));
  const fields = doc.fields.map((f) => ({
    id: f.id,
    type: f.type,
    options: f.options.map(({ id, name, color }) => ({ _id: id, name, color })),
  }));
  const rows = [[...HEADER, ...doc.fields.map((f) => f.name)]];
  for (const list of doc.lists)
    for (const card of list.cards) {
      const items = card.checklists.flatMap((k) => k.items);
      rows.push([
        list.title,
        card.title,
        card.description,
        card.labels.map((id) => labelName.get(id) ?? '').join(', '),
        card.members.map((email) => memberName.get(email) ?? email).join(', '),
        card.dueAt ?? '',
        card.dueAt ? (card.dueComplete ? 'yes' : 'no') : '',
        items.length ? `${items.filter((i) => i.isCompleted).length}/${items.length}` : '',
        card.createdAt,
        ...fields.map((field) => fieldValueText(field, card.fields[field.id])),
      ]);
    }
  return BOM + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
