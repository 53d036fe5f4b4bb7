import type { Announcements, Active, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import { type CompactBoardDetail, findCard, findList } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { laneOf, parseCellId, type LaneId } from '../model/lanes';
import { useBoardStore } from '../store';
import { containerOf, kindOf, type DragOrder } from './use-board-dnd';

/** What a screen reader hears during a drag, in the reader's language (dnd-kit's live region). */
export function useDndAnnouncements(order: DragOrder | null): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useTranslation();
  const board = () => useBoardStore.getState().board as CompactBoardDetail;
  const titleOf = (item: Active | Over) =>
    kindOf(item) === 'list'
      ? (findList(board(), String(item.id))?.title ?? '')
      : (findCard(board(), String(item.id))?.card.title ?? '');

  const laneTitle = (laneId: LaneId) =>
    (laneId && board().lanes.find((lane) => lane._id === laneId)?.title) || t('board.lanes.default');

  /** The list (and on a board with lanes, the lane) a card is over and its 1-based place there. */
  function placeOf(active: Active, over: Over): { list: string; lane?: string; position: number } {
    const id = String(active.id);
    if (!order) {
      // Dropped: the store already holds the card where it landed.
      const found = findCard(board(), id);
      if (!found || !board().lanes.length)
        return { list: found?.list.title ?? '', position: (found?.index ?? 0) + 1 };
      const known = new Set(board().lanes.map((lane) => lane._id));
      const laneId = laneOf(found.card, known);
      const cell = found.list.cards.filter((card) => laneOf(card, known) === laneId);
      return { list: found.list.title, lane: laneTitle(laneId), position: cell.indexOf(found.card) + 1 };
    }
    const container = containerOf(order, id) ?? String(over.id);
    const cards = order[container] ?? [];
    const index =
      kindOf(over) === 'card' && cards.includes(String(over.id))
        ? cards.indexOf(String(over.id))
        : cards.indexOf(id);
    const cell = parseCellId(container);
    return {
      list: findList(board(), cell?.listId ?? container)?.title ?? '',
      ...(cell ? { lane: laneTitle(cell.laneId) } : {}),
      position: Math.max(index, 0) + 1,
    };
  }

  function listPlace(over: Over) {
    const lists = board().lists;
    return { position: lists.findIndex((list) => list._id === over.id) + 1, count: lists.length };
  }

  const describe = (active: Active, over: Over | null, done: boolean) => {
    const title = titleOf(active);
    if (!over) return t('board.dnd.notOver', { title });
    if (kindOf(active) === 'list')
      return t(done ? 'board.dnd.listDropped' : 'board.dnd.listOver', { title, ...listPlace(over) });
    const place = placeOf(active, over);
    if (place.lane !== undefined)
      return t(done ? 'board.dnd.cardDroppedLane' : 'board.dnd.cardOverLane', { title, ...place });
    return t(done ? 'board.dnd.cardDropped' : 'board.dnd.cardOver', { title, ...place });
  };

  return {
    screenReaderInstructions: { draggable: t('board.dnd.instructions') },
    announcements: {
      onDragStart: ({ active }) =>
        t(kindOf(active) === 'list' ? 'board.dnd.pickedUpList' : 'board.dnd.pickedUpCard', {
          title: titleOf(active),
        }),
      onDragMove: () => undefined,
      onDragOver: ({ active, over }) => describe(active, over, false),
      onDragEnd: ({ active, over }) =>
        over ? describe(active, over, true) : t('board.dnd.cancelled', { title: titleOf(active) }),
      onDragCancel: ({ active }) => t('board.dnd.cancelled', { title: titleOf(active) }),
    },
  };
}
