import type { BoardField, FieldValue } from '@papan/shared';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldClass } from '../../../../components/ui/field-styles';
import { fieldInputText, readFieldInput, type FieldInputError } from '../../model/field-input';

interface FieldEditorProps {
  field: BoardField;
  value: FieldValue | undefined;
  /** The input's accessible name. */
  label: string;
  /** A checked value (null clears it); called only when it differs from `value`. */
  onSave: (value: FieldValue | null) => void;
  /** Escape, or leaving the field unchanged (the table's cell stops editing). */
  onCancel?: () => void;
  autoFocus?: boolean;
  className?: string;
}

/**
 * A custom field's value as an input of its type (docs/fields.md): text, a number, a day, a url, a
 * tick or one of the options. Typed values are checked with the shared `checkFieldValue` before
 * they are sent (Enter or leaving saves, Escape cancels); empty text clears the value.
 */
export function FieldEditor({
  field,
  value,
  label,
  onSave,
  onCancel,
  autoFocus,
  className = '',
}: FieldEditorProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const initial = fieldInputText(value);
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<FieldInputError | null>(null);
  // The stored value changed (saved, or a live change): the input shows it.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setDraft(initial);
    setError(null);
  }
  // Enter or Escape settles the edit; the blur that follows (the cell closing) must not again.
  const settled = useRef(false);
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !onCancel) return;
    event.preventDefault();
    event.stopPropagation();
    settled.current = true;
    onCancel();
  };

  if (field.type === 'checkbox')
    return (
      <input
        type="checkbox"
        aria-label={label}
        checked={value === true}
        onChange={(event) => onSave(event.target.checked)}
        onKeyDown={escape}
        autoFocus={autoFocus}
        className={`size-4 accent-indigo-600 ${className}`}
      />
    );

  if (field.type === 'select')
    return (
      <select
        aria-label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onSave(event.target.value || null)}
        onKeyDown={escape}
        autoFocus={autoFocus}
        className={`h-8 ${fieldClass} ${className}`}
      >
        <option value="">{t('board.fields.none')}</option>
        {field.options.map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </select>
    );

  function commit() {
    if (settled.current) return;
    if (draft === initial) return onCancel?.();
    const read = readFieldInput(field, draft);
    if (!read.ok) return setError(read.error);
    settled.current = !!onCancel;
    onSave(read.value);
  }

  return (
    <span className={`relative inline-flex flex-col ${className}`}>
      <input
        type={field.type === 'date' ? 'date' : field.type === 'url' ? 'url' : 'text'}
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={draft}
        placeholder={field.type === 'url' ? 'https://' : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
          settled.current = false;
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.stopPropagation();
            commit();
          } else if (event.key === 'Escape' && !onCancel) {
            setDraft(initial);
            setError(null);
          } else escape(event);
        }}
        onBlur={commit}
        autoFocus={autoFocus}
        className={`h-8 w-full min-w-0 ${fieldClass}`}
      />
      {error && (
        <span id={errorId} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
          {t(`board.fields.invalid.${error}`)}
        </span>
      )}
    </span>
  );
}
