import { useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';

interface PopoverProps {
  /** The panel's accessible name (and the trigger's, unless the trigger shows text). */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  /** The panel's content; `close` shuts it (e.g. after a form is sent). */
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * A button that opens a small non-modal panel below it (a picker, a short form). Escape or a press
 * outside closes it; Escape stays inside, so a dialog around the popover stays open.
 */
export function Popover({ label, trigger, triggerClassName = '', children, align = 'left' }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const panelId = useId();
  useDismiss(root, open, () => setOpen(false));
  const close = () => {
    setOpen(false);
    // By id, not a ref: `close` is handed to the content while rendering.
    document.getElementById(triggerId)?.focus();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (!open || event.key !== 'Escape') return;
        event.stopPropagation();
        close();
      }}
    >
      <button
        id={triggerId}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label={label}
          className={`absolute z-40 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-3 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
