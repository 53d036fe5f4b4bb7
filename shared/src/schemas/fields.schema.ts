import { z } from 'zod';
import { idSchema, requiredText } from './common.schema';

/**
 * Custom fields (docs/fields.md): a board's own fields, set on its cards. A field's type is chosen
 * when it is made and never changes (its cards' values would stop meaning anything); its name,
 * options and `showOnCard` change with `PATCH /api/fields/{id}`.
 */
export const FIELD_TYPES = ['text', 'number', 'date', 'checkbox', 'select', 'url'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_LIMITS = {
  /** Fields one board may have. */
  perBoard: 50,
  name: 100,
  /** Options of one select field. */
  options: 50,
  optionName: 100,
  /** A text value's characters. */
  text: 1000,
  /** A url value's characters. */
  url: 2048,
} as const;

/** One choice of a `select` field. */
export interface FieldOption {
  _id: string;
  name: string;
  color: string;
}

/** A board's field, in board reads (full and compact) and `field.*` events. */
export interface BoardField {
  _id: string;
  boardId: string;
  name: string;
  type: FieldType;
  /** A `select` field's choices in order; empty for every other type. */
  options: FieldOption[];
  /** Shown on the card face (and in the table) when set. */
  showOnCard: boolean;
  /** Its place among the board's fields (0-based), in the card modal, the table and the CSV. */
  position: number;
}

/**
 * A value a card holds for a field: text and url as strings, number as a finite number, date as
 * `YYYY-MM-DD`, checkbox as a boolean, select as one of the field's option ids.
 */
export type FieldValue = string | number | boolean;
/** A card's values by field id; a field without a value is absent. */
export type CardFields = Record<string, FieldValue>;

const hexColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #7dd3fc');

/** A select option as sent: an `_id` keeps an existing option (and its cards' values), none makes one. */
export const fieldOptionInputSchema = z.object({
  _id: idSchema.optional(),
  name: requiredText(FIELD_LIMITS.optionName),
  color: hexColor,
});
export type FieldOptionInput = z.infer<typeof fieldOptionInputSchema>;

const optionsSchema = z
  .array(fieldOptionInputSchema)
  .max(FIELD_LIMITS.options, `must have at most ${FIELD_LIMITS.options} options`);

export const createFieldSchema = z.object({
  name: requiredText(FIELD_LIMITS.name),
  type: z.enum(FIELD_TYPES, `must be one of ${FIELD_TYPES.join(', ')}`),
  /** Only for `select` (required there, at least one); any other type with options → 400. */
  options: optionsSchema.optional(),
  showOnCard: z.boolean().optional(),
});
export type CreateFieldInput = z.infer<typeof createFieldSchema>;

/**
 * `PATCH /api/fields/{id}`. `options` replaces the select's options: an option left out is deleted
 * and leaves every card that held it. `position` is the field's new 0-based index.
 */
export const updateFieldSchema = z
  .object({
    name: requiredText(FIELD_LIMITS.name).optional(),
    options: optionsSchema.optional(),
    showOnCard: z.boolean().optional(),
    position: z
      .number('must be a whole number from 0')
      .int('must be a whole number from 0')
      .min(0, 'must be a whole number from 0')
      .max(FIELD_LIMITS.perBoard, `must be at most ${FIELD_LIMITS.perBoard}`)
      .optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'nothing to update' });
export type UpdateFieldInput = z.infer<typeof updateFieldSchema>;

/**
 * `fields` of `PUT /api/cards/{id}`: the values to set, by field id; `null` clears one. Fields not
 * named keep their values. Each value is checked against its field with `checkFieldValue`.
 */
export const cardFieldsInputSchema = z
  .record(idSchema, z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= FIELD_LIMITS.perBoard, {
    message: `must name at most ${FIELD_LIMITS.perBoard} fields`,
  });
export type CardFieldsInput = z.infer<typeof cardFieldsInputSchema>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` names a real day (not 2026-02-30). */
export function isFieldDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What is wrong with `value` for `field`, or null when it may be stored. The server refuses the
 * whole change on any (400, nothing stored); the card modal and the table say it before sending.
 */
export function checkFieldValue(field: Pick<BoardField, 'type' | 'options'>, value: unknown): string | null {
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') return 'must be text';
      if (value.length > FIELD_LIMITS.text) return `must be at most ${FIELD_LIMITS.text} characters`;
      return value.trim() ? null : 'must not be empty (send null to clear it)';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a finite number';
    case 'date':
      return typeof value === 'string' && isFieldDate(value) ? null : 'must be a date as YYYY-MM-DD';
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'select':
      return typeof value === 'string' && field.options.some((o) => o._id === value)
        ? null
        : "must be the id of one of the field's options";
    case 'url':
      if (typeof value !== 'string' || !isWebUrl(value)) return 'must be an http or https URL';
      return value.length > FIELD_LIMITS.url ? `must be at most ${FIELD_LIMITS.url} characters` : null;
  }
}

/** A value as text: the CSV column, the table's sort of text, the card face. */
export function fieldValueText(
  field: Pick<BoardField, 'type' | 'options'>,
  value: FieldValue | undefined,
): string {
  if (value === undefined) return '';
  if (field.type === 'select') return field.options.find((o) => o._id === value)?.name ?? '';
  if (field.type === 'checkbox') return value ? 'yes' : 'no';
  return String(value);
}
