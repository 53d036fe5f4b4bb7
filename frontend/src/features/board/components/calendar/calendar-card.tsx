import { useDraggable } from '@dnd-kit/core';
import type { CompactCard, Label } from '@papan/shared';
import { format, type Locale } from 'date-fns';
import { memo } from 'react';
import { dueStatus } from '../../model/due-status';

const tones = {
  complete: 'border-l-emerald-600',
  overdue: 'border-l-red-600',
  soon: 'border-l-amber-400',
  later: 'border-l-indigo-500',
} as const;

/**
 * A card on its due day: its time and title; a click or Enter opens it, dragging it (or Space, then
 * the arrows) moves its due date to another day at the same time.
 */
export const CalendarCard = memo(function CalendarCard({
  card,
  label,
  locale,
  onOpen,
  overlay = false,
}: {
  card: CompactCard;
  label?: Label;
  locale: Locale;
  onOpen?: (cardId: string) => void;
  overlay?: boolean;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card._id, disabled: overlay });
  const due = new Date(card.dueAt!);
  const time = format(due, 'p', { locale });
  const status = dueStatus(card.dueAt!, card.dueComplete);
  return (
    <button
      type="button"
      ref={overlay ? undefined : setNodeRef}
      {...(overlay ? {} : attributes)}
      {...(overlay ? {} : listeners)}
      onClick={() => onOpen?.(card._id)}
      data-calendar-card={card._id}
      className={`flex w-full min-w-0 flex-col rounded-md border border-l-4 border-y-slate-200 border-r-slate-200 bg-white px-1.5 py-1 text-left text-xs shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-y-slate-700 dark:border-r-slate-700 dark:bg-slate-800 dark:hover:bg-slate-700 ${tones[status]} ${isDragging ? 'opacity-40' : ''} ${overlay ? 'w-48 rotate-1 shadow-lg' : ''}`}
    >
      <span className="flex items-center gap-1.5 text-[11px] text-slate-600 tabular-nums dark:text-slate-300">
        {label && (
          <span
            aria-hidden="true"
            className="size-2 shrink-0 rounded-full"
            style={{ backgroundColor: label.color }}
          />
        )}
        {time}
      </span>
      <span className="line-clamp-2 font-medium break-words text-slate-800 dark:text-slate-100">
        {card.title}
      </span>
    </button>
  );
});
