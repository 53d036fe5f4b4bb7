import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableIn } from './focusable';

interface DialogProps {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** What a click on the backdrop does, when it is not simply `onClose` (e.g. a delayed close). */
  onBackdropClick?: () => void;
  /** Shown in the heading instead of `title` (e.g. a title that can be edited in place). */
  titleContent?: ReactNode;
}

const sizes = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/**
 * A modal dialog: focus moves in and stays in (Tab wraps), Escape or a click on the backdrop
 * closes it, and focus returns to where it was. Rendered only while open.
 */
export function Dialog({
  title,
  description,
  onClose,
  children,
  size = 'md',
  onBackdropClick,
  titleContent,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Read while rendering, before React moves focus to an `autoFocus` field inside.
  const [previous] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const root = panel.current;
    if (root && !root.contains(document.activeElement)) {
      // React already focused an `autoFocus` field; otherwise the first control (the close button is last).
      (focusableIn(root)[0] ?? root).focus();
    }
    return () => previous?.focus?.();
  }, [previous]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusableIn(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/60 p-4 backdrop-blur-sm"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) (onBackdropClick ?? onClose)();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        className={`relative max-h-[90vh] w-full overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl focus:outline-none dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 ${sizes[size]}`}
      >
        <h2 id={titleId} className="pr-8 text-lg font-semibold tracking-tight">
          {titleContent ?? title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {description}
          </p>
        )}
        <div className="mt-5">{children}</div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('common.close')}
          className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>,
    document.body,
  );
}
