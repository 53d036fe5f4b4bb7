import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CompactCard as Card } from '@papan/shared';
import { GripVertical } from 'lucide-react';
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { useSeen } from '../hooks/use-seen';
import { CardFace } from './card-face';
import { useCardFaceShared } from './card-face-context';

export const cardClass =
  'block w-full rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm transition-colors ' +
  'hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
  'dark:border-slate-700 dark:bg-slate-800 dark:hover:border-indigo-400/60';

interface SortableCardProps {
  card: Card;
  listId: string;
  onOpen: (cardId: string) => void;
  /** Filtered out: kept mounted (a filter keystroke then costs an attribute, not 2,000 mounts). */
  hidden?: boolean;
}

type Listeners = NonNullable<DraggableSyntheticListeners>;

/**
 * A card on the board. The whole card drags with a pointer (after 5 px, so a click still opens it);
 * from the keyboard, the card opens with Enter and its grip button picks it up.
 *
 * Every dnd-kit sortable re-renders whenever a drag starts or passes over another item, which on a
 * 2,000-card board costs seconds; so a card joins drag and drop only once it has come near the
 * screen (and stays in). Its DOM is the same either way, so focus and layout never jump.
 */
export const SortableCard = memo(function SortableCard({ card, listId, onOpen, hidden }: SortableCardProps) {
  const { t } = useCardFaceShared();
  const node = useRef<HTMLLIElement>(null);
  const grip = useRef<HTMLButtonElement>(null);
  const listeners = useRef<Listeners | null>(null);
  const [seen, markSeen] = useSeen(node);
  const connect = useCallback(
    (setNode: (el: HTMLElement | null) => void, setGrip: (el: HTMLElement | null) => void) => {
      setNode(node.current);
      setGrip(grip.current);
    },
    [],
  );
  const apply = useCallback((state: BindingState | null) => {
    listeners.current = state?.listeners ?? null;
    const element = node.current;
    if (!state || !element) return;
    element.style.transform = state.transform;
    element.style.transition = state.transition;
    element.style.opacity = state.isDragging ? '0.4' : '';
    for (const [name, value] of Object.entries(state.attributes))
      if (value !== undefined)
        grip.current?.setAttribute(name === 'tabIndex' ? 'tabindex' : name, String(value));
  }, []);

  return (
    <li
      ref={node}
      className="group relative"
      hidden={hidden}
      data-card-id={card._id}
      onPointerDown={(event) => listeners.current?.onPointerDown?.(event)}
      onKeyDown={(event) => listeners.current?.onKeyDown?.(event)}
      onTouchStart={(event) => listeners.current?.onTouchStart?.(event)}
      // A keyboard user may press Space the moment focus arrives on a card not yet seen.
      onFocus={seen ? undefined : markSeen}
    >
      <button type="button" onClick={() => onOpen(card._id)} className={`${cardClass} pr-8`}>
        <CardFace card={card} />
      </button>
      <button
        ref={grip}
        type="button"
        aria-label={t('board.card.move', { title: card.title })}
        className="absolute top-2 right-1.5 inline-flex size-6 cursor-grab items-center justify-center rounded-md text-slate-400 opacity-0 group-hover:opacity-100 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-700 dark:hover:text-slate-200"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      {seen && <SortableBinding id={card._id} listId={listId} connect={connect} apply={apply} />}
    </li>
  );
});

interface BindingState {
  listeners: Listeners | null;
  attributes: Record<string, unknown>;
  transform: string;
  transition: string;
  isDragging: boolean;
}

interface BindingProps {
  id: string;
  listId: string;
  connect: (setNode: (el: HTMLElement | null) => void, setGrip: (el: HTMLElement | null) => void) => void;
  apply: (state: BindingState | null) => void;
}

/** dnd-kit's sortable for one card, handed to the card's elements; renders nothing itself. */
function SortableBinding({ id, listId, connect, apply }: BindingProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id, data: { type: 'card', listId } });

  useLayoutEffect(() => {
    connect(setNodeRef, setActivatorNodeRef);
    return () => apply(null);
  }, [connect, apply, setNodeRef, setActivatorNodeRef]);

  useLayoutEffect(() =>
    apply({
      listeners: listeners ?? null,
      attributes: { ...attributes },
      transform: CSS.Translate.toString(transform) ?? '',
      transition: transition ?? '',
      isDragging,
    }),
  );
  return null;
}
