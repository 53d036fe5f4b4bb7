import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDismiss } from './use-dismiss';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  /** An internal route, an external address (opens a new tab), or an action. */
  to?: string;
  href?: string;
  onSelect?: () => void;
  tone?: 'danger';
}

interface MenuProps {
  /** The menu's accessible name, and the trigger's unless `nameFromTrigger`. */
  label: string;
  /**
   * The trigger is named by what it shows (its text, with `label` in hidden text), not by `label`:
   * a trigger that shows words must say them in its name too (WCAG 2.5.3, label in name).
   */
  nameFromTrigger?: boolean;
  /** What the trigger shows (an icon, an avatar…). */
  trigger: ReactNode;
  triggerClassName?: string;
  items: MenuItem[];
  /** Shown above the items, not focusable (e.g. who is signed in). */
  header?: ReactNode;
  align?: 'left' | 'right';
}

const itemClass = (tone?: 'danger') =>
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm focus:outline-none ' +
  (tone === 'danger'
    ? 'text-red-600 hover:bg-red-50 focus:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10 dark:focus:bg-red-500/10'
    : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800');

/**
 * A menu button (WAI-ARIA pattern): opening focuses the first item, arrows, Home and End move,
 * Escape closes and returns to the button, Tab or a click outside closes.
 */
export function Menu({
  label,
  nameFromTrigger = false,
  trigger,
  triggerClassName = '',
  items,
  header,
  align = 'right',
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  useDismiss(root, open, () => close(true));

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  function openMenu(focusIndex: number) {
    setOpen(true);
    // The items exist after this render.
    requestAnimationFrame(() => focusItem(focusIndex));
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = itemRefs.current.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key] ?? 0);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  function select(item: MenuItem) {
    close(!item.to && !item.href);
    item.onSelect?.();
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={nameFromTrigger ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 0 : -1);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={handleMenuKeyDown}
          className={`absolute z-40 mt-2 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl dark:border-slate-700 dark:bg-slate-900 ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {header && (
            <div className="mb-1 border-b border-slate-200 px-3 pt-1.5 pb-2.5 dark:border-slate-700">
              {header}
            </div>
          )}
          {items.map((item, index) => {
            const content = (
              <>
                {item.icon}
                <span className="truncate">{item.label}</span>
              </>
            );
            const common = {
              role: 'menuitem',
              tabIndex: -1,
              className: itemClass(item.tone),
              ref: (element: HTMLElement | null) => {
                itemRefs.current[index] = element;
              },
            };
            if (item.to)
              return (
                <Link key={item.label} to={item.to} onClick={() => select(item)} {...common}>
                  {content}
                </Link>
              );
            if (item.href)
              return (
                <a
                  key={item.label}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => select(item)}
                  {...common}
                >
                  {content}
                </a>
              );
            return (
              <button key={item.label} type="button" onClick={() => select(item)} {...common}>
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
