import type { BoardField, CompactCard, FieldValue } from '@papan/shared';

/** The address's parameter for a custom field's condition: `f.<fieldId>=…` (docs/fields.md). */
export const FIELD_PARAM = 'f.';

/**
 * A field's condition as the address holds it, by the field's type:
 * - select: option ids, comma-separated (a card matches with any of them);
 * - checkbox: `yes` (ticked) or `no` (not ticked, or never set);
 * - text, url: words the value contains (any case);
 * - number, date: a range `from..to`, either end may be left empty (`5..`, `..2026-12-31`).
 */
export type FieldCondition = string;

const RANGE = '..';

/** A range condition's two ends ('' for an open end). */
export function readRange(condition: FieldCondition): [string, string] {
  const at = condition.indexOf(RANGE);
  if (at < 0) return [condition, condition];
  return [condition.slice(0, at), condition.slice(at + RANGE.length)];
}

/** A range as the address holds it; both ends empty → '' (no condition). */
export function writeRange(from: string, to: string): FieldCondition {
  return from || to ? `${from}${RANGE}${to}` : '';
}

function numberOrNull(text: string): number | null {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A predicate for one field's condition, or null when the condition asks nothing. */
function conditionMatcher(
  field: BoardField,
  condition: FieldCondition,
): ((value: FieldValue | undefined) => boolean) | null {
  if (!condition) return null;
  switch (field.type) {
    case 'select': {
      const ids = new Set(condition.split(',').filter(Boolean));
      return ids.size ? (value) => typeof value === 'string' && ids.has(value) : null;
    }
    case 'checkbox':
      if (condition === 'yes') return (value) => value === true;
      if (condition === 'no') return (value) => value !== true;
      return null;
    case 'text':
    case 'url': {
      const words = condition.toLowerCase().split(/\s+/).filter(Boolean);
      if (!words.length) return null;
      return (value) => {
        if (typeof value !== 'string') return false;
        const text = value.toLowerCase();
        return words.every((word) => text.includes(word));
      };
    }
    case 'number': {
      const [from, to] = readRange(condition).map(numberOrNull);
      if (from === null && to === null) return null;
      return (value) =>
        typeof value === 'number' && (from == null || value >= from) && (to == null || value <= to);
    }
    case 'date': {
      // Days as YYYY-MM-DD compare as text.
      const [from, to] = readRange(condition);
      if (!from && !to) return null;
      return (value) => typeof value === 'string' && (!from || value >= from) && (!to || value <= to);
    }
  }
}

/**
 * One predicate for every field condition of the filter (all must hold), or null when none asks
 * anything. A condition on a field the board no longer has is left out.
 */
export function fieldMatcher(
  conditions: Record<string, FieldCondition>,
  fields: readonly BoardField[],
): ((card: CompactCard) => boolean) | null {
  const checks: [string, (value: FieldValue | undefined) => boolean][] = [];
  for (const field of fields) {
    const check = conditionMatcher(field, conditions[field._id] ?? '');
    if (check) checks.push([field._id, check]);
  }
  if (!checks.length) return null;
  return (card) => checks.every(([fieldId, check]) => check(card.fields?.[fieldId]));
}

/** How many of the filter's field conditions ask something of a field the board has. */
export function fieldConditionCount(
  conditions: Record<string, FieldCondition>,
  fields: readonly BoardField[],
): number {
  return fields.filter((field) => conditionMatcher(field, conditions[field._id] ?? '') !== null).length;
}
