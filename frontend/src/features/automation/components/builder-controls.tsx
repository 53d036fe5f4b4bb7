import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { fieldClass, hintClass } from '../../../components/ui/field-styles';

// The builder's controls sit in a sentence ("When [a card enters ▾] [Done ▾], …"): small, side by
// side, each with a label (hidden where the sentence says it) and its message below it.

interface ControlProps {
  label: string;
  /** The label is read by screen readers only: the sentence around the control says it. */
  hideLabel?: boolean;
  error?: string | null;
  hint?: string;
  className?: string;
}

function useControlIds(error?: string | null, hint?: string) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { id, errorId, hintId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

function Frame({
  id,
  label,
  hideLabel,
  error,
  errorId,
  hint,
  hintId,
  className = '',
  children,
}: ControlProps & { id: string; errorId?: string; hintId?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'text-xs font-medium text-slate-600 dark:text-slate-300'}
      >
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="max-w-xs text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

const inline = `h-9 ${fieldClass}`;

export function InlineSelect({
  label,
  hideLabel,
  error,
  hint,
  className,
  options,
  ...props
}: ControlProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    options: { value: string; label: string }[];
  }) {
  const ids = useControlIds(error, hint);
  return (
    <Frame {...{ label, hideLabel, error, hint, className }} {...ids}>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${inline} max-w-[16rem] font-medium`}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function InlineInput({
  label,
  hideLabel,
  error,
  hint,
  className,
  inputClassName = '',
  ...props
}: ControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { inputClassName?: string }) {
  const ids = useControlIds(error, hint);
  return (
    <Frame {...{ label, hideLabel, error, hint, className }} {...ids}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${inline} ${inputClassName}`}
        {...props}
      />
    </Frame>
  );
}

export function InlineTextarea({
  label,
  hideLabel,
  error,
  hint,
  className,
  ...props
}: ControlProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const ids = useControlIds(error, hint);
  return (
    <Frame {...{ label, hideLabel, error, hint, className }} {...ids}>
      <textarea
        id={ids.id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`py-2 ${fieldClass}`}
        {...props}
      />
    </Frame>
  );
}
