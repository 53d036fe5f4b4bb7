import { checkFieldValue, type BoardField, type FieldValue } from '@papan/shared';

/** What an editor's input means for a field: a value to store, null to clear it, or why neither. */
export type FieldInput = { ok: true; value: FieldValue | null } | { ok: false; error: FieldInputError };
/** Why a typed value cannot be stored (each has a message in both languages: board.fields.invalid.*). */
export type FieldInputError = 'number' | 'date' | 'url' | 'text' | 'select' | 'checkbox';

/**
 * An editor's raw input (the text typed, the box ticked, the option chosen) as the value sent for
 * `field`: empty text clears it; a number is read as typed ("1.5"; "1,5" is not a number); then
 * the shared `checkFieldValue` says whether the server will take it, before anything is sent.
 */
export function readFieldInput(
  field: Pick<BoardField, 'type' | 'options'>,
  raw: string | boolean,
): FieldInput {
  if (typeof raw === 'string') {
    const text = field.type === 'text' ? raw : raw.trim();
    if (!text.trim()) return { ok: true, value: null };
    const value: FieldValue = field.type === 'number' ? Number(text) : text;
    return checkFieldValue(field, value) === null ? { ok: true, value } : { ok: false, error: field.type };
  }
  return checkFieldValue(field, raw) === null ? { ok: true, value: raw } : { ok: false, error: field.type };
}

/** A stored value as an editor's input shows it. */
export function fieldInputText(value: FieldValue | undefined): string {
  return value === undefined || typeof value === 'boolean' ? '' : String(value);
}

/** A url's host for the card face: `https://www.example.com/a/b` → `example.com`. */
export function shortHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
