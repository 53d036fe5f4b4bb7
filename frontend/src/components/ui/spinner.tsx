interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' };

/** Decorative: whoever shows it also says, in words, what is loading. */
export function Spinner({ size = 'md', className = '' }: SpinnerProps) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-current border-r-transparent ${sizes[size]} ${className}`}
    />
  );
}

/** A centred spinner for a whole screen; `label` is the visible, translated text. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4"
    >
      <Spinner size="lg" className="text-indigo-500" />
      {label && <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>}
    </div>
  );
}

/** A small "Loading..." line inside a panel or popover; `label` is the visible, translated text. */
export function InlineSpinner({ label }: { label: string }) {
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400"
    >
      <Spinner size="sm" />
      {label}
    </p>
  );
}
