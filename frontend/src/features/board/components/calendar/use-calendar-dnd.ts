import {
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { findCard, UI } from '@papan/shared';
import { format, type Locale } from 'date-fns';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf, moveToDay } from '../../model/calendar-days';
import { useBoardStore } from '../../store';
import { changeDue } from '../card-modal/card-due-change';

/** Arrow keys move a dragged card by one day cell (the cells are all one size). */
const dayCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const cell = document.querySelector('[data-day]')?.getBoundingClientRect();
  const w = cell?.width ?? 100;
  const h = cell?.height ?? 100;
  const moves: Record<string, [number, number]> = {
    [KeyboardCode.Right]: [w, 0],
    [KeyboardCode.Left]: [-w, 0],
    [KeyboardCode.Down]: [0, h],
    [KeyboardCode.Up]: [0, -h],
  };
  const move = moves[event.code];
  if (!move) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + move[0], y: currentCoordinates.y + move[1] };
};

const titleOf = (id: string | number) => {
  const board = useBoardStore.getState().board;
  return (board && findCard(board, String(id))?.card.title) ?? '';
};

/**
 * Dragging a card to another day (docs/fields.md, "Views"): mouse or pen after a few pixels, or
 * Space then the arrows; the drop sets its due date to that day at the same local time.
 */
export function useCalendarDnd(locale: Locale) {
  const { t } = useTranslation();
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: UI.dragActivationPx } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: dayCoordinates,
      // Enter stays the card's own key (it opens the card); Space picks it up.
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter, KeyboardCode.Tab],
      },
    }),
  );
  const accessibility = useMemo(() => {
    const dateOf = (id: string | number) => format(dayOf(String(id)), 'PPPP', { locale });
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('board.calendar.dnd.pickedUp', { title: titleOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('board.calendar.dnd.over', { title: titleOf(active.id), date: dateOf(over.id) })
          : t('board.calendar.dnd.notOver', { title: titleOf(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('board.calendar.dnd.dropped', { title: titleOf(active.id), date: dateOf(over.id) })
          : t('board.calendar.dnd.cancelled', { title: titleOf(active.id) }),
      onDragCancel: ({ active }) => t('board.calendar.dnd.cancelled', { title: titleOf(active.id) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('board.calendar.dnd.instructions') } };
  }, [t, locale]);

  const handlers = {
    onDragStart: ({ active }: DragStartEvent) => setActiveId(String(active.id)),
    onDragCancel: () => setActiveId(null),
    onDragEnd: ({ active, over }: DragEndEvent) => {
      setActiveId(null);
      const board = useBoardStore.getState().board;
      const card = board && findCard(board, String(active.id))?.card;
      if (!over || !card?.dueAt) return;
      const dueAt = moveToDay(card.dueAt, String(over.id));
      if (dueAt !== new Date(card.dueAt).toISOString()) void changeDue(card, { dueAt });
    },
  };
  return { sensors, accessibility, handlers, activeId };
}
