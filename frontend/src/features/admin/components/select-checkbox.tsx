import { useEffect, useRef, type InputHTMLAttributes } from 'react';

interface SelectCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** Some but not all rows selected (select-all only). */
  indeterminate?: boolean;
}

/** A row's (or the header's select-all) checkbox; its label is spoken, not shown. */
export function SelectCheckbox({ label, indeterminate = false, ...props }: SelectCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      className="size-4 rounded border-slate-300 text-indigo-600 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-40 dark:border-slate-600"
      {...props}
    />
  );
}
