import {
  checkFieldValue,
  FIELD_LIMITS,
  TRELLO_LABEL_COLORS,
  TRELLO_NO_COLOR,
  trelloCustomFieldItemSchema,
  type FieldType,
  type PapanExport,
  type PapanExportCard,
  type TrelloBoard,
  type TrelloCustomFieldItem,
} from '@papan/shared';
import type { PlanField, PlanValue } from './import-plan';
import { badFile } from './validate-file';

/**
 * The custom fields of a Papan export (docs/fields.md, "Export and import") and the reader of its
 * cards' values. Like its other references, a value naming no field or option of the file, or one
 * its field would refuse, refuses the file (400 naming it).
 */
export function papanFields(doc: Pick<PapanExport, 'fields'>) {
  const index = new Map<string, number>();
  const optionIndex = doc.fields.map((field, fi) => {
    if (index.has(field.id)) throw badFile(`fields.${fi}.id`, 'must not name a field id twice');
    index.set(field.id, fi);
    if ((field.type === 'select') !== field.options.length > 0)
      throw badFile(
        `fields.${fi}.options`,
        field.type === 'select'
          ? 'a select field needs at least one option'
          : 'only a select field has options',
      );
    const options = new Map(field.options.map((option, i) => [option.id, i]));
    if (options.size !== field.options.length)
      throw badFile(`fields.${fi}.options`, 'must not name an option id twice');
    return options;
  });
  const fields: PlanField[] = doc.fields.map(({ name, type, options, showOnCard }) => ({
    name,
    type,
    options: options.map(({ name: optionName, color }) => ({ name: optionName, color })),
    showOnCard,
  }));
  const valuesOf = (card: PapanExportCard, at: string): PlanValue[] =>
    Object.entries(card.fields).map(([id, value]) => {
      const fi = index.get(id);
      if (fi === undefined) throw badFile(`${at}.fields.${id}`, 'no field of the board has this id');
      const field = doc.fields[fi]!;
      if (field.type === 'select') {
        const option = typeof value === 'string' ? optionIndex[fi]!.get(value) : undefined;
        if (option === undefined) throw badFile(`${at}.fields.${id}`, 'no option of the field has this id');
        return { field: fi, value: option };
      }
      const problem = checkFieldValue({ type: field.type, options: [] }, value);
      if (problem) throw badFile(`${at}.fields.${id}`, problem);
      return { field: fi, value };
    });
  return { fields, valuesOf };
}

const TRELLO_TYPES: Record<string, FieldType> = {
  text: 'text',
  number: 'number',
  date: 'date',
  checkbox: 'checkbox',
  list: 'select',
};

const byPos = <T extends { pos: number }>(items: T[]) =>
  items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.pos - b.item.pos || a.i - b.i)
    .map((x) => x.item);

/**
 * Trello's custom fields (docs/fields.md, "From Trello"): text, number, date (its day), checkbox
 * and list (a select with its options, in Trello's order and colours); other types are left out.
 * Values come from each card's `customFieldItems` and the board's (by `idModel`); one that does not
 * fit its field is left out, as the Trello import leaves out what it cannot place.
 */
export function trelloFields(board: Pick<TrelloBoard, 'customFields' | 'customFieldItems'>) {
  // Own keys only: a type such as "constructor" is not one of them.
  const kept = byPos(board.customFields).filter((f) => Object.hasOwn(TRELLO_TYPES, f.type));
  const index = new Map(kept.map((f, i) => [f.id, i]));
  const options = kept.map((f) => new Map(byPos(f.options).map((option, i) => [option.id, i])));
  const fields: PlanField[] = kept.map((f) => ({
    name: f.name.trim().slice(0, FIELD_LIMITS.name) || 'Field',
    type: TRELLO_TYPES[f.type]!,
    options: byPos(f.options).map((option) => ({
      name: option.value?.text?.trim().slice(0, FIELD_LIMITS.optionName) || 'Option',
      color: trelloColour(option.color),
    })),
    showOnCard: f.display?.cardFront ?? false,
  }));
  // A list field without options can hold no value: it comes with one, as a select must.
  for (const field of fields)
    if (field.type === 'select' && !field.options.length)
      field.options.push({ name: 'Option', color: TRELLO_NO_COLOR });
  const boardItems = new Map<string, TrelloCustomFieldItem[]>();
  for (const raw of board.customFieldItems) {
    const item = trelloCustomFieldItemSchema.safeParse(raw);
    if (!item.success || !item.data.idModel) continue;
    boardItems.set(item.data.idModel, [...(boardItems.get(item.data.idModel) ?? []), item.data]);
  }
  const valuesOf = (cardId: string, items: unknown[]): PlanValue[] => {
    const values = new Map<number, PlanValue['value']>();
    const parsed = items.flatMap((raw) => {
      const item = trelloCustomFieldItemSchema.safeParse(raw);
      return item.success ? [item.data] : [];
    });
    for (const item of [...(boardItems.get(cardId) ?? []), ...parsed]) {
      const fi = index.get(item.idCustomField);
      if (fi === undefined) continue;
      const value = trelloValue(fields[fi]!.type, item, options[fi]!);
      if (value !== undefined) values.set(fi, value);
    }
    return [...values].map(([field, value]) => ({ field, value }));
  };
  return { fields, valuesOf };
}

/** A Trello colour name as hex (no colour, or one Papan does not know: grey). */
export function trelloColour(name: string | null | undefined): string {
  return name && Object.hasOwn(TRELLO_LABEL_COLORS, name)
    ? TRELLO_LABEL_COLORS[name as keyof typeof TRELLO_LABEL_COLORS]
    : TRELLO_NO_COLOR;
}

/** A Trello item's value for a field of `type`, or undefined when it does not fit. */
function trelloValue(
  type: FieldType,
  item: TrelloCustomFieldItem,
  options: Map<string, number>,
): PlanValue['value'] | undefined {
  if (type === 'select') return item.idValue ? options.get(item.idValue) : undefined;
  const candidate = trelloRawValue(type, item.value);
  if (candidate === undefined) return undefined;
  return checkFieldValue({ type, options: [] }, candidate) === null ? candidate : undefined;
}

/** What Trello's `value` says for a field of `type` (it writes every value as text). */
function trelloRawValue(type: FieldType, value: TrelloCustomFieldItem['value']) {
  switch (type) {
    case 'text':
      return value?.text ?? undefined;
    case 'number':
      return value?.number?.trim() ? Number(value.number) : undefined;
    case 'date':
      // Trello keeps a date as a time; the field keeps its day (UTC, as Trello's ISO text has it).
      return value?.date?.slice(0, 10);
    case 'checkbox':
      return value?.checked === 'true' ? true : value?.checked === 'false' ? false : undefined;
    default:
      return undefined;
  }
}
