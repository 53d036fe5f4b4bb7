import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** What is wrong with one field, in the kinds the forms have words for. */
export type FieldIssue =
  | { kind: 'required' }
  | { kind: 'tooShort'; limit: number }
  | { kind: 'tooLong'; limit: number }
  | { kind: 'email' }
  | { kind: 'invalid' };

/**
 * Checks a form's values with the `@papan/shared` schema the server checks the same request with,
 * so the form refuses before sending exactly what the server would refuse. The first issue per
 * field, by its path (`name`, `socialLinks.website`).
 */
export function fieldIssues(schema: z.ZodType, values: object): Partial<Record<string, FieldIssue>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const issues: Partial<Record<string, FieldIssue>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    issues[field] ??= kindOf(issue, valueAt(values, issue.path));
  }
  return issues;
}

function valueAt(values: object, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    values,
  );
}

function kindOf(issue: z.core.$ZodIssue, value: unknown): FieldIssue {
  // An empty field is "required" whatever its minimum length, as the forms have always said.
  if (typeof value !== 'string' || value.trim() === '') return { kind: 'required' };
  if (issue.code === 'too_small') return { kind: 'tooShort', limit: Number(issue.minimum) };
  if (issue.code === 'too_big') return { kind: 'tooLong', limit: Number(issue.maximum) };
  if (issue.code === 'invalid_format' && issue.format === 'email') return { kind: 'email' };
  return { kind: 'invalid' };
}

/** Whether a field the schema needs was left empty (forms say so before anything else). */
export const anyRequired = (issues: Partial<Record<string, FieldIssue>>): boolean =>
  Object.values(issues).some((issue) => issue?.kind === 'required');

interface OwnWords {
  /** The form's message for an empty field (the forms say it once for all their fields). */
  required?: string;
  /** The form's message for a too short password. */
  tooShort?: (limit: number) => string;
}

/**
 * The message for the first field, in the order of `labels`, that has an issue; fields without a
 * label (not typed by the user) are left out. Null when every labelled field is fine.
 */
export function firstIssueText(
  issues: Partial<Record<string, FieldIssue>>,
  labels: Record<string, string>,
  t: TFunction,
  own: OwnWords = {},
): string | null {
  const field = Object.keys(labels).find((name) => issues[name]);
  return field ? issueText(issues[field], labels[field] ?? field, t, own) : null;
}

/** The message for one field's issue: the form's own words where it has them, the common ones otherwise. */
export function issueText(
  issue: FieldIssue | undefined,
  label: string,
  t: TFunction,
  own: OwnWords = {},
): string | null {
  switch (issue?.kind) {
    case undefined:
      return null;
    case 'required':
      return own.required ?? t('common.validation.required', { field: label });
    case 'tooShort':
      return (
        own.tooShort?.(issue.limit) ?? t('common.validation.tooShort', { field: label, count: issue.limit })
      );
    case 'tooLong':
      return t('common.validation.tooLong', { field: label, count: issue.limit });
    case 'email':
      return t('common.validation.email');
    case 'invalid':
      return t('common.validation.invalid', { field: label });
  }
}
