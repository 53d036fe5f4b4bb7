import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { fieldClass, hintClass, labelClass } from './field-styles';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  /** Shown after the label (e.g. a badge). */
  labelAddon?: ReactNode;
  /** A message about this field's value; marks it invalid. */
  error?: string | null;
}

/** A labelled input: the label text is its accessible name. */
export function TextField({ label, hint, labelAddon, error, id, className = '', ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className={labelClass}>
          {label}
        </label>
        {labelAddon}
      </div>
      <input
        id={inputId}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        className={`h-11 ${fieldClass}`}
        {...props}
      />
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
