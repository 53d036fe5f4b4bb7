import { BadRequestException } from '@nestjs/common';
import { checkFieldValue, type BoardField, type CardFields, type CardFieldsInput } from '@papan/shared';

/**
 * A card's values after `input` (docs/fields.md, "Values"): each named value checked against its
 * field, null clearing one, the others kept. Any unknown field or wrong value refuses the whole
 * change with a 400 naming the field.
 */
export function mergeFieldValues(
  fields: BoardField[],
  current: CardFields,
  input: CardFieldsInput,
): CardFields {
  const byId = new Map(fields.map((field) => [field._id, field]));
  const next: CardFields = { ...current };
  for (const [fieldId, value] of Object.entries(input)) {
    const field = byId.get(fieldId);
    if (!field) throw new BadRequestException(`fields.${fieldId}: not a field of this board`);
    if (value === null) {
      delete next[fieldId];
      continue;
    }
    const problem = checkFieldValue(field, value);
    if (problem) throw new BadRequestException(`fields.${fieldId} (${field.name}): ${problem}`);
    next[fieldId] = value;
  }
  return next;
}

/**
 * Of `values`, those that still fit the board's fields: a value of a field that is gone, or that
 * its field would refuse now (a removed option), is left out. For rows that come back (an undo, a
 * copy or an import), which are not refused for what the board lost meanwhile.
 */
export function keepValidValues(fields: BoardField[], values: unknown): CardFields {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return {};
  const byId = new Map(fields.map((field) => [field._id, field]));
  const kept: CardFields = {};
  for (const [fieldId, value] of Object.entries(values as Record<string, unknown>)) {
    const field = byId.get(fieldId);
    if (field && checkFieldValue(field, value) === null) kept[fieldId] = value as CardFields[string];
  }
  return kept;
}
